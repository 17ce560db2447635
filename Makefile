PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: demo test install dev clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip

install: $(BIN)/python
	PYTHONWARNINGS=ignore $(BIN)/pip install --quiet -e .

dev: $(BIN)/python
	PYTHONWARNINGS=ignore $(BIN)/pip install --quiet -e '.[dev]'

demo: install
	$(BIN)/kg build examples/*.txt --out exports
	@echo
	@echo "Open exports/graph.html in a browser (it works offline)."
	@echo "Summarise it:   $(BIN)/kg stats exports/graph.ttl"
	@echo "Query the RDF:  $(BIN)/kg query exports/graph.ttl 'SELECT ?paper ?label WHERE { ?paper kg:evaluatesOn ?b . ?b rdfs:label \"ImageNet\" . ?paper rdfs:label ?label }'"

test: dev
	$(BIN)/python -m pytest -q

clean:
	rm -rf $(VENV) exports .pytest_cache
