"""The ontology file (ontology/kg.ttl) and the generator of kg/namespace.py from it.

Run ``python -m kg.ontology`` after editing the ontology to regenerate the namespace.
"""

from __future__ import annotations

from pathlib import Path

import rdflib
from rdflib.namespace import OWL, RDF

__all__ = ["VOCAB", "ONTOLOGY_PATH", "NAMESPACE_PATH", "vocabulary_terms", "render_namespace"]

VOCAB = "https://w3id.org/litkg/ontology#"
ONTOLOGY_PATH = Path(__file__).resolve().parent.parent / "ontology" / "kg.ttl"
NAMESPACE_PATH = Path(__file__).resolve().parent / "namespace.py"


def vocabulary_terms(path: Path = ONTOLOGY_PATH) -> list[str]:
    """Local names of the classes and properties the ontology declares, sorted."""
    g = rdflib.Graph().parse(path, format="turtle")
    kinds = (OWL.Class, OWL.ObjectProperty, OWL.DatatypeProperty)
    return sorted({str(s)[len(VOCAB):] for kind in kinds for s in g.subjects(RDF.type, kind)
                   if str(s).startswith(VOCAB)})


def render_namespace(path: Path = ONTOLOGY_PATH) -> str:
    """Source text of kg/namespace.py for the ontology at *path*."""
    lines = ['"""The litkg vocabulary as an rdflib DefinedNamespace (a misspelt term raises).',
             "", "Generated from ontology/kg.ttl by ``python -m kg.ontology``; do not edit.", '"""', "",
             "from rdflib.namespace import DefinedNamespace, Namespace", "from rdflib.term import URIRef", "",
             '__all__ = ["KG"]', "", "", "class KG(DefinedNamespace):",
             '    """Classes and properties of the litkg ontology."""', ""]
    lines += [f"    {term}: URIRef" for term in vocabulary_terms(path)]
    lines += ["", "    _fail = True", f'    _NS = Namespace("{VOCAB}")', ""]
    return "\n".join(lines)


if __name__ == "__main__":
    NAMESPACE_PATH.write_text(render_namespace(), encoding="utf-8")
    print(f"wrote {NAMESPACE_PATH}")
