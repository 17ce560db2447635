"""Ingest of structured formats: JSON, JSON Lines, CSV, TSV, BibTeX, Atom; stable ids, merging, bad records.

Every fixture is written here (tmp_path) from abstracts made up for these tests.
"""

from __future__ import annotations

import json
import logging

import pytest

import kg
import kg.cli
from kg.errors import InputError
from kg.ingest import detect_format, merge_papers, read_file, read_inputs
from kg.ingest.bibtex import bibtex_names, latex_to_text
from kg.ingest.fields import normalize_arxiv, normalize_date, normalize_doi, paper_from_fields, stable_id
from kg.records import Paper

from common import A, B, C  # noqa: E402  (shared test abstracts)


def write(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def inverted(text):
    index = {}
    for i, word in enumerate(text.split()):
        index.setdefault(word, []).append(i)
    return index


# --------------------------------------------------------------- identifiers and field values


@pytest.mark.parametrize("value, expected", [
    ("2401.12345", "2401.12345"), ("arXiv:2401.12345v3", "2401.12345"), ("https://arxiv.org/abs/2401.12345v2", "2401.12345"),
    ("http://arxiv.org/pdf/1401.1234.pdf", "1401.1234"), ("hep-th/9901001", "hep-th/9901001"),
    ("math.GT/0309136v1", "math.GT/0309136"), ("10.48550/arXiv.2401.12345", "2401.12345"),
    ("https://doi.org/10.48550/ARXIV.2305.00001", "2305.00001"), ("W4390000000", None), ("", None), (None, None),
    ("1412.6980", "1412.6980"), ("2310.1001", None),  # four digits until 2014, five since: a spreadsheet's number
    ("2313.12345", None), ("0612.0001", None),  # no month 13; the scheme starts in 2007-04
])
def test_normalize_arxiv(value, expected):
    assert normalize_arxiv(value) == expected


@pytest.mark.parametrize("value, expected", [
    ("10.1145/3292500.3330701", "10.1145/3292500.3330701"), ("https://doi.org/10.18653/V1/2020.ACL-MAIN.1", "10.18653/v1/2020.acl-main.1"),
    ("doi:10.1000/xyz.", "10.1000/xyz"), ("not a doi", None), (42, None),
])
def test_normalize_doi(value, expected):
    assert normalize_doi(value) == expected


@pytest.mark.parametrize("value, month, expected", [
    ("2024-01-05", None, "2024-01-05"), ("2024-01-05T17:59:01Z", None, "2024-01-05"), (2023, None, "2023"),
    ("2022", "mar", "2022-03"), ("2022", "11", "2022-11"), ("January 2020", None, "2020-01"), (None, None, None),
    ("2024-02-30", None, "2024-02"), ("2024-02-29", None, "2024-02-29"),  # a day that does not exist is dropped
    ("2023/05/11", None, "2023-05-11"), ("11 May 2023", None, "2023-05-11"), ("May 11, 2023", None, "2023-05-11"),
    ("Sept 2021", None, "2021-09"), ("Mayday 2023", None, None), ({"date-parts": [[2021, 6, 3]]}, None, "2021-06-03"),
    ("2023 May 11", None, "2023-05-11"), ("11 May, 2023", None, "2023-05-11"), ("2024-01-05 17:59", None, "2024-01-05"),
    ({"date-parts": [[2021, None, 3]]}, None, "2021"),  # a missing month ends the date
])
def test_normalize_date(value, month, expected):
    assert normalize_date(value, month) == expected


def test_stable_ids_prefer_arxiv_then_doi_then_text_hash():
    assert stable_id(A, arxiv="2401.12345", doi="10.1/x") == "arxiv-2401.12345"
    assert stable_id(A, arxiv="hep-th/9901001") == "arxiv-hep-th_9901001"
    assert stable_id(A, doi="10.1145/3292500.3330701") == "doi-10.1145_3292500.3330701"
    assert stable_id(A, doi="10.1002/(sici)1097") == "doi-10.1002_%28sici%291097"
    assert stable_id(A) == kg.ingest.paper_id(A)


def test_existing_positional_paper_constructor_still_works():
    p = Paper("id1", A, "label", ("https://x.org",), "Title", "src")
    assert (p.title, p.source, p.authors, p.date, p.arxiv, p.doi) == ("Title", "src", (), None, None, None)
    assert p.with_label("new").label == "new" and p.with_label("new").title == "Title"


# --------------------------------------------------------------- JSON and JSON Lines


def test_jsonl_lines_end_only_at_line_breaks(tmp_path, caplog):
    # U+2028 and NEL may stand inside a JSON string; str.splitlines would cut the record there
    record = json.dumps({"title": "Line\u2028separator", "abstract": A + "\x85" + B}, ensure_ascii=False)
    path = write(tmp_path, "papers.jsonl", record + "\r\n" + json.dumps({"abstract": B}) + "\n")
    with caplog.at_level(logging.WARNING, logger="kg"):
        papers = read_file(path)
    assert [p.title for p in papers] == ["Line separator", None] and not caplog.records  # the title is normalized


def test_jsonl_reads_fields_and_skips_bad_lines_with_file_and_line(tmp_path, caplog):
    lines = [
        json.dumps({"id": "2401.00001", "title": "Sparse Experts", "abstract": A,
                    "authors": [{"name": "Ada Lovelace"}, {"name": "Alan Turing"}], "date": "2024-01-02"}),
        "",
        "[1, 2]",
        json.dumps({"title": "Empty", "abstract": "   "}),
        "{not json",
        json.dumps({"title": "Label noise", "abstract": B, "doi": "https://doi.org/10.1000/ABC", "year": 2021}),
    ]
    path = write(tmp_path, "papers.jsonl", "\n".join(lines) + "\n")
    with caplog.at_level(logging.WARNING, logger="kg"):
        papers = read_file(path)
    assert [p.id for p in papers] == ["arxiv-2401.00001", "doi-10.1000_abc"]
    first, second = papers
    assert (first.title, first.authors, first.date, first.arxiv, first.identifier) == (
        "Sparse Experts", ("Ada Lovelace", "Alan Turing"), "2024-01-02", "2401.00001", "arXiv:2401.00001")
    assert (second.doi, second.date, second.identifier) == ("10.1000/abc", "2021", "doi:10.1000/abc")
    assert first.source == f"{path}:1"
    messages = [r.getMessage() for r in caplog.records]
    assert f"{path}:3: not an object (a JSON list); skipped" in messages
    assert f"{path}:4: empty abstract; skipped" in messages
    assert any(m.startswith(f"{path}:5: not valid JSON") for m in messages)
    assert f"{path}: 3 of 5 record(s) skipped (1 empty abstract, 1 not an object, 1 not valid JSON)" in messages


def test_json_strings_that_are_not_text_skip_their_record(tmp_path, caplog):
    # valid JSON escapes, but no text: an unpaired surrogate cannot even be written as UTF-8
    records = ['{"abstract": "\\ud800%s"}' % A, '{"abstract": "%s", "title": "T\\udc80"}' % A,
               '{"abstract": "%s\\u0000"}' % A, '{"abstract": 5}', json.dumps({"abstract": B})]
    path = write(tmp_path, "papers.jsonl", "\n".join(records) + "\n")
    with caplog.at_level(logging.WARNING, logger="kg"):
        assert [p.abstract for p in read_file(path)] == [B]
    messages = [r.getMessage() for r in caplog.records]
    assert f"{path}:1: a string holds an unpaired surrogate (\\ud800), which is not text; skipped" in messages
    assert f"{path}:2: a string holds an unpaired surrogate (\\udc80), which is not text; skipped" in messages
    assert f"{path}:3: a string holds a NUL character (\\u0000), which is not text; skipped" in messages
    assert f"{path}:4: the abstract is not text (a number); skipped" in messages


@pytest.mark.parametrize("text", [json.dumps([{"abstract": A}, {"abstract": B}], indent=2),
                                  json.dumps([{"abstract": A}, {"abstract": B}]) + "\n"])
def test_a_json_document_saved_as_jsonl_is_read_as_json(tmp_path, caplog, text):
    """Not line by line, with a warning for each line of a pretty-printed list."""
    with caplog.at_level(logging.WARNING, logger="kg"):
        assert [p.abstract for p in read_file(write(tmp_path, "papers.jsonl", text))] == [A, B]
    assert caplog.messages == []


def test_a_record_whose_abstract_is_an_object_says_so(tmp_path, caplog):
    path = write(tmp_path, "papers.jsonl", json.dumps({"abstract": {"text": A}}) + "\n" + json.dumps({"abstract": B}))
    with caplog.at_level(logging.WARNING, logger="kg"):
        read_file(path)
    assert f"{path}:1: the abstract is not text (an object); skipped" in caplog.messages


def test_a_json_line_that_is_not_an_object_is_named_in_json_words(tmp_path, caplog):
    path = write(tmp_path, "papers.jsonl", '5\n"text"\ntrue\nnull\n[1]\n' + json.dumps({"abstract": A}) + "\n")
    with caplog.at_level(logging.WARNING, logger="kg"):
        read_file(path)
    assert [m.split(": ", 1)[1] for m in caplog.messages[:5]] == [
        f"not an object ({kind}); skipped" for kind in ("a number", "a string", "true or false", "null", "a JSON list")]


def test_json_nested_too_deeply_is_an_input_error(tmp_path, caplog):
    deep = "[" * 100_000 + "]" * 100_000
    with pytest.raises(InputError, match=r"deep\.json: JSON nested too deeply"):
        read_file(write(tmp_path, "deep.json", deep))
    path = write(tmp_path, "deep.jsonl", json.dumps({"abstract": A}) + "\n" + deep + "\n")
    with caplog.at_level(logging.WARNING, logger="kg"):
        assert [p.abstract for p in read_file(path)] == [A]
    assert f"{path}:2: JSON nested too deeply to be a paper record; skipped" in caplog.messages


def test_json_array_warnings_name_the_line_of_the_item(tmp_path, caplog):
    text = '[\n  {"abstract": "%s"},\n  "oops",\n  {"abstract": "%s"}\n]\n' % (A, B)
    path = write(tmp_path, "papers.json", text)
    with caplog.at_level(logging.WARNING, logger="kg"):
        papers = read_file(path)
    assert [p.abstract for p in papers] == [A, B]
    assert f"{path}:3: not an object (a string); skipped" in [r.getMessage() for r in caplog.records]


def test_semantic_scholar_response(tmp_path):
    data = {"total": 1, "data": [{
        "paperId": "649def34f8be52c8b66281af98ae884c09aef38b", "title": "Label Noise Reweighting",
        "abstract": B, "publicationDate": "2021-06-01", "year": 2021,
        "externalIds": {"ArXiv": "2106.00001", "DOI": "10.1000/xyz", "CorpusId": 1234},
        "authors": [{"authorId": "1", "name": "Grace Hopper"}, {"authorId": "2", "name": "Edsger Dijkstra"}]}]}
    (paper,) = read_file(write(tmp_path, "s2.json", json.dumps(data)))
    assert (paper.id, paper.doi, paper.date, paper.authors, paper.title) == (
        "arxiv-2106.00001", "10.1000/xyz", "2021-06-01", ("Grace Hopper", "Edsger Dijkstra"), "Label Noise Reweighting")


def test_openalex_works_with_inverted_index(tmp_path):
    data = {"meta": {"count": 1}, "results": [{
        "id": "https://openalex.org/W4390000000", "doi": "https://doi.org/10.48550/arxiv.2312.00002",
        "display_name": "Contrastive Negatives", "publication_date": "2023-12-01",
        "abstract_inverted_index": inverted(C),
        "authorships": [{"author": {"display_name": "Katherine Johnson"}}, {"author": {"display_name": "Ada Lovelace"}}]}]}
    (paper,) = read_file(write(tmp_path, "openalex.json", json.dumps(data)))
    assert paper.abstract == C
    assert (paper.id, paper.arxiv, paper.title, paper.date) == (
        "arxiv-2312.00002", "2312.00002", "Contrastive Negatives", "2023-12-01")
    assert paper.authors == ("Katherine Johnson", "Ada Lovelace")


def test_a_malformed_inverted_index_skips_its_record(tmp_path, caplog):
    records = [{"title": "Good", "abstract_inverted_index": inverted(C)},
               {"title": "Bad position", "abstract_inverted_index": {"We": ["x"], "propose": [1]}},
               {"title": "Two words at one place", "abstract_inverted_index": {**inverted(A), "also": [0]}},
               {"title": "Not an object", "abstract_inverted_index": ["We", "propose"]}]
    path = write(tmp_path, "works.jsonl", "\n".join(map(json.dumps, records)) + "\n")
    with caplog.at_level(logging.WARNING, logger="kg"):
        papers = read_file(path)
    assert [p.title for p in papers] == ["Good"]
    messages = [r.getMessage() for r in caplog.records]
    assert f"{path}:2: abstract_inverted_index: the positions of 'We' are not a list of whole numbers; skipped" \
        in messages, messages
    assert any(m.startswith(f"{path}:3: abstract_inverted_index: position 0 holds both") for m in messages)
    assert any(m.startswith(f"{path}:4: abstract_inverted_index is not an object") for m in messages)
    cell = json.dumps(inverted(C)).replace('"', '""')
    cells = write(tmp_path, "works.csv", f'title,abstract_inverted_index\nCSV,"{cell}"\n')
    assert [p.abstract for p in read_file(cells)] == [C]  # a CSV cell holds the object as JSON text


def test_single_json_record_and_invalid_json(tmp_path):
    (paper,) = read_file(write(tmp_path, "one.json", json.dumps({"summary": A})))
    assert paper.abstract == A and paper.title is None
    with pytest.raises(InputError, match=r"bad\.json:2: not valid JSON"):
        read_file(write(tmp_path, "bad.json", '[\n{"abstract": }\n]'))


def test_field_names_are_matched_loosely():
    paper = paper_from_fields({"Title": "T", "ABSTRACT": A, "arXiv ID": "2401.00009", "Publication Date": "2024-02-03",
                               "Authors": "Ada Lovelace; Alan Turing"})
    assert (paper.arxiv, paper.date, paper.authors) == ("2401.00009", "2024-02-03", ("Ada Lovelace", "Alan Turing"))


@pytest.mark.parametrize("authors, expected", [
    ("Hinton, Geoffrey", ("Geoffrey Hinton",)), ("Hinton, Geoffrey; Vinyals, Oriol", ("Geoffrey Hinton", "Oriol Vinyals")),
    ("Hinton, G., Vinyals, O.", ("G. Hinton", "O. Vinyals")), ("Geoffrey Hinton, Oriol Vinyals", ("Geoffrey Hinton", "Oriol Vinyals")),
    ("Smith, Jones, Brown", ("Smith", "Jones", "Brown")), ("Alice Smith, Bob Jones and Carol White",
    ("Alice Smith", "Bob Jones", "Carol White")), ("OpenAI, DeepMind", ("OpenAI", "DeepMind")),
    ("Hinton, Geoffrey E.", ("Geoffrey E. Hinton",)), ("de la Fuente, José", ("José de la Fuente",)),
    ("Dupré, Jean-Pierre", ("Jean-Pierre Dupré",)), (["Hinton, Geoffrey", "Oriol Vinyals"], ("Geoffrey Hinton", "Oriol Vinyals")),
])
def test_an_author_written_last_name_first_is_one_person(authors, expected):
    assert paper_from_fields({"abstract": A, "authors": authors}).authors == expected


def test_the_first_date_field_that_parses_gives_the_date():
    record = {"Abstract": A, "Publication Date": "MAY 15", "Publication Year": "2023"}  # Web of Science
    assert paper_from_fields(record).date == "2023"


def test_reference_manager_column_names():
    paper = paper_from_fields({"Abstract Note": A, "Article Title": "Zotero and Web of Science"})
    assert (paper.abstract, paper.title) == (A, "Zotero and Web of Science")


def test_the_first_non_empty_field_wins_among_names_that_fold_alike(tmp_path):
    """A spreadsheet with an empty "abstract" column and a filled "Abstract" one, or an empty "arXiv id" and "arxiv_id"."""
    path = write(tmp_path, "papers.csv", f'abstract,title,Abstract,arXiv id,arxiv_id\n,One,"{A}", ,2401.00001\n')
    (paper,) = read_file(path)
    assert (paper.abstract, paper.arxiv) == (A, "2401.00001")
    assert paper_from_fields({"abstract": "  ", "summary": B}).abstract == B


def test_structured_abstracts_join_words_hyphenated_across_lines():
    paper = paper_from_fields({"abstract": "We study self-\nsupervised rein-\nforcement learning " + A})
    assert paper.abstract.startswith("We study self-supervised rein-forcement learning ")


# --------------------------------------------------------------- CSV and TSV


def test_csv_with_quoted_multiline_cells_and_bad_rows(tmp_path, caplog):
    text = ("title,abstract,authors,year,arxiv id\n"
            f'"Sparse, experts","{A[:60]}\n{A[60:]}",Ada Lovelace and Alan Turing,2024,2401.00001\n'
            "Empty,,Nobody,2020,\n"
            f'Label noise,"{B}",Grace Hopper,2021,,extra cell\n'
            f'Contrastive,"{C}","Lovelace, Ada",2023,\n')
    path = write(tmp_path, "papers.csv", text)
    with caplog.at_level(logging.WARNING, logger="kg"):
        papers = read_file(path)
    assert [p.title for p in papers] == ["Sparse, experts", "Contrastive"]
    assert papers[0].abstract == A and papers[0].authors == ("Ada Lovelace", "Alan Turing")
    assert papers[0].id == "arxiv-2401.00001" and papers[0].date == "2024"
    messages = [r.getMessage() for r in caplog.records]
    assert f"{path}:4: empty abstract; skipped" in messages
    assert f"{path}:5: malformed row (6 cells, header has 5: quote a cell that holds a comma); skipped" in messages
    assert papers[1].source == f"{path}:6"


def test_empty_cells_after_the_last_column_are_harmless(tmp_path):
    """A spreadsheet export that ends every row with a delimiter."""
    path = write(tmp_path, "papers.csv", f'title,abstract\nOne,"{A}",\nTwo,"{B}", ,\n')
    assert [p.title for p in read_file(path)] == ["One", "Two"]


def test_an_empty_spreadsheet_row_is_no_record(tmp_path, caplog):
    with caplog.at_level(logging.WARNING, logger="kg"):
        (paper,) = read_file(write(tmp_path, "rows.csv", f'title,abstract\n,\nT,"{A}"\n'))
    assert paper.title == "T" and not caplog.records


def test_a_handwritten_csv_saved_as_txt_with_unquoted_commas_is_read_as_csv(tmp_path):
    path = write(tmp_path, "notes.txt", f"title,abstract\nFirst,{A}\n")  # A has commas
    with pytest.raises(InputError, match="no usable record with an abstract"):
        read_file(path)


@pytest.mark.parametrize("name, text, looks", [
    ("feed.json", '<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"></feed>', "atom"),
    ("records.csv", json.dumps({"abstract": A}) + "\n" + json.dumps({"abstract": B}) + "\n", "jsonl"),
    ("refs.csv", f"% exported\n@article{{k, abstract = {{{A}}}}}\n", "bibtex"),
])
def test_a_file_that_fails_in_the_format_of_its_extension_says_what_it_looks_like(tmp_path, name, text, looks):
    with pytest.raises(InputError, match=rf"\(its content looks like {looks}: try --input-format {looks}\)$"):
        read_file(write(tmp_path, name, text))


def test_tsv_by_extension(tmp_path):
    path = write(tmp_path, "papers.tsv", f"Title\tAbstract\tDOI\nOne\t{A}\t10.1000/one\nTwo\t{B}\t\n")
    papers = read_file(path)
    assert [(p.title, p.doi) for p in papers] == [("One", "10.1000/one"), ("Two", None)]


@pytest.mark.parametrize("name, sep", [("european.csv", ";"), ("tabs.csv", "\t"), ("commas.tsv", ",")])
def test_the_header_row_sets_another_common_delimiter(tmp_path, name, sep):
    path = write(tmp_path, name, f"Title{sep}Abstract{sep}DOI\nOne{sep}\"{A}\"{sep}10.1000/one\n")
    assert [(p.title, p.abstract, p.doi) for p in read_file(path)] == [("One", A, "10.1000/one")]


def test_csv_without_abstract_column_is_an_input_error(tmp_path):
    with pytest.raises(InputError, match=r"no abstract column.*'title', 'text_body'"):
        read_file(write(tmp_path, "x.csv", f"title,text_body\nT,{A}\n"))


def test_csv_without_header_row_names_its_first_cells_briefly(tmp_path):
    """A file of rows with no header: its first row is shown as the header, each cell cut to 40 characters."""
    with pytest.raises(InputError) as info:
        read_file(write(tmp_path, "x.csv", f'T,"{A}"\n'))
    assert str(info.value) == f"{tmp_path / 'x.csv'}: no abstract column in the header (expected 'abstract' or 'summary'; found 'T', '{A[:39]}…')"


def test_csv_quote_never_closed_is_an_input_error(tmp_path):
    text = f'title,abstract\nA,"{A}\nB,{A}\n'  # the rest of the file would become one cell
    with pytest.raises(InputError, match=r"x\.csv:2: a quoted cell opened in this row is never closed"):
        read_file(write(tmp_path, "x.csv", text))
    ok = 'title,abstract\nA,5" screens need a new detector that we propose for small phones\n'  # a quote in a cell
    assert len(read_file(write(tmp_path, "y.csv", ok))) == 1


def test_a_file_found_unreadable_gets_its_error_without_warnings_about_rows_it_skipped(tmp_path, caplog):
    text = f'title,abstract\n"A,"{A}"\nB,"{A}\n'  # a malformed row, then a quote never closed
    with pytest.raises(InputError, match="never closed"):
        read_file(write(tmp_path, "x.csv", text))
    assert caplog.records == []


# --------------------------------------------------------------- BibTeX

BIB = r"""
% a comment line
@string{ neurips = "Advances in Neural Information Processing Systems" }
@comment{ ignored { nested } }

@inproceedings{lovelace2024sparse,
  title     = {{Sparse} Experts for {\"U}bersetzung},
  author    = {Lovelace, Ada and Turing, Alan M. and van Neumann, Jr., John and others},
  booktitle = neurips,
  year      = 2024,
  month     = mar,
  eprint    = {2401.00001},
  archivePrefix = {arXiv},
  abstract  = {@@A@@}
}

@article{broken,
  title = {Missing brace,
  abstract = {@@B@@}

@article{hopper2021,
  title = "Label noise \& reweighting",
  author = "Grace Hopper",
  journal = {arXiv preprint arXiv:2106.00001},
  year = {2021},
  abstract = "@@B2@@"
}

@misc{noabstract, title = {Nothing here}, year = 2020}

@article(paren2023, title = {Contrastive -- negatives}, doi = {10.1000/C1}, abstract = {@@C@@})
"""
BIB = BIB.replace("@@A@@", A).replace("@@B@@", B).replace("@@B2@@", B).replace("@@C@@", C)


def test_bibtex_entries_fields_and_latex(tmp_path, caplog):
    path = write(tmp_path, "refs.bib", BIB)
    with caplog.at_level(logging.WARNING, logger="kg"):
        papers = read_file(path)
    assert [p.id for p in papers] == ["arxiv-2401.00001", "arxiv-2106.00001", "doi-10.1000_c1"]
    sparse, noise, contrastive = papers
    assert sparse.title == "Sparse Experts for Übersetzung"
    assert sparse.authors == ("Ada Lovelace", "Alan M. Turing", "John van Neumann Jr.")
    assert sparse.date == "2024-03" and sparse.abstract == A
    assert noise.title == "Label noise & reweighting" and noise.authors == ("Grace Hopper",)
    assert contrastive.title == "Contrastive – negatives" and contrastive.doi == "10.1000/c1"
    messages = [r.getMessage() for r in caplog.records]
    assert any(m.startswith(f"{path}:17: malformed entry (unbalanced braces") for m in messages), messages
    assert f"{path}:29: no abstract field (expected one of: abstract, summary, abstract_inverted_index) (@misc{{noabstract}}); skipped" in messages
    assert any(m.startswith(f"{path}: 2 of 5 record(s) skipped") for m in messages)


@pytest.mark.parametrize("latex, text", [
    (r"Schr{\"o}dinger", "Schrödinger"), (r"\'{E}cole", "École"), (r"Erd\H{o}s", "Erdős"), (r"\c{C}elik", "Çelik"),
    (r"Stra{\ss}e", "Straße"), (r"\emph{deep} learning", "deep learning"), (r"50\% of~data", "50% of data"),
    # a dotless i takes the accent (as Google Scholar and DBLP write García, naïve)
    (r"Garc{\'\i}a", "García"), (r"Garc\'{\i}a", "García"), (r"na{\"\i}ve", "naïve"), (r"\^{\i}le", "île"),
    # math: the delimiters go, the symbols that carry meaning stay
    (r"$\beta$-VAE is 3$\times$ faster than $\epsilon$-greedy", "β-VAE is 3× faster than ε-greedy"),
    (r"$\ell_1$ in $O(n \log n)$, \$5 each", "ℓ_1 in O(n log n), $5 each"), (r"$\Delta$", "Δ"),
    (r"5\,000 samples\\ and more\ldots", "5 000 samples and more…"),
])
def test_latex_to_text(latex, text):
    assert latex_to_text(latex) == text


def test_bibtex_fields_after_an_extra_closing_brace_skip_the_entry(tmp_path, caplog):
    text = (f"@article{{early, abstract = {{{A}}}}},\n  title = {{Lost Title}}, year = 2021}}\n\n"
            f"@article{{fine, title = {{Kept}}, abstract = {{{B}}}}}\n")
    path = write(tmp_path, "extra.bib", text)
    with caplog.at_level(logging.WARNING, logger="kg"):
        (paper,) = read_file(path)
    assert paper.title == "Kept"
    assert any(r.getMessage().startswith(f"{path}:1: malformed entry (unbalanced braces (fields follow the end")
               for r in caplog.records)


def test_bibtex_at_signs_outside_entries_are_comments(tmp_path, caplog):
    text = (f"Exported by Jane (jane@example.org), follow @jane.\n@Comment jabref-meta: databaseType:bibtex;\n"
            f"@article{{fine, title = {{Kept}}, abstract = {{{B}}}}}\n")
    with caplog.at_level(logging.WARNING, logger="kg"):
        (paper,) = read_file(write(tmp_path, "export.bib", text))
    assert paper.title == "Kept" and not caplog.records


def test_bibtex_duplicate_keys_and_crossref(tmp_path, caplog):
    text = (f"@inproceedings{{a1, title = {{First}}, crossref = {{conf24}}, abstract = {{{A}}}}}\n"
            f"@inproceedings{{a2, title = {{Second}}, crossref = {{conf24}}, abstract = {{{C}}}}}\n"
            f"@proceedings{{conf24, title = {{Conference 2024}}, year = 2024, month = jul, doi = {{10.1000/conf24}}}}\n"
            f"@article{{a1, title = {{Again}}, abstract = {{{B}}}}}\n")
    path = write(tmp_path, "dup.bib", text)
    with caplog.at_level(logging.WARNING, logger="kg"):
        papers = read_file(path)
    # the proceedings' year and month, not their DOI (which would make both papers one)
    assert [(p.title, p.date, p.doi) for p in papers] == [("First", "2024-07", None), ("Second", "2024-07", None),
                                                          ("Again", None, None)]
    assert [r.getMessage() for r in caplog.records] == [
        f"{path}:4: key 'a1' is used already at line 1; read as another entry"]


def test_bibtex_names():
    assert bibtex_names("de la Fuente, Maria and Li, Wei and {Google Research}") == ["Maria de la Fuente", "Wei Li", "Google Research"]


def test_bibtex_with_no_usable_entry_is_an_input_error(tmp_path):
    with pytest.raises(InputError, match="refs.bib: no usable record"):
        read_file(write(tmp_path, "refs.bib", "@article{x, title = {T}}\n@article{y, title = {unclosed\n"))


# --------------------------------------------------------------- Atom (arXiv API)

ATOM = """<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xmlns:arxiv="http://arxiv.org/schemas/atom">
  <title>arXiv Query</title>
  <entry>
    <id>http://arxiv.org/abs/2401.00001v2</id>
    <updated>2024-01-09T00:00:00Z</updated>
    <published>2024-01-02T18:00:00Z</published>
    <title>Sparse Experts</title>
    <summary>  %s
    </summary>
    <author><name>Ada Lovelace</name></author>
    <author><name>Alan Turing</name></author>
    <arxiv:doi>10.1000/sparse</arxiv:doi>
    <link href="http://arxiv.org/abs/2401.00001v2" rel="alternate" type="text/html"/>
  </entry>
  <entry>
    <id>http://arxiv.org/abs/2401.00002v1</id>
    <title>No summary</title>
  </entry>
</feed>
""" % A


def test_atom_feed(tmp_path, caplog):
    path = write(tmp_path, "query.atom", ATOM)
    with caplog.at_level(logging.WARNING, logger="kg"):
        (paper,) = read_file(path)
    assert (paper.id, paper.title, paper.date, paper.doi, paper.authors, paper.abstract) == (
        "arxiv-2401.00001", "Sparse Experts", "2024-01-02", "10.1000/sparse", ("Ada Lovelace", "Alan Turing"), A)
    assert any(r.getMessage().startswith(f"{path}:16: no abstract field") for r in caplog.records)


def test_atom_text_constructs_lose_their_markup(tmp_path):
    feed = ATOM.replace("<title>Sparse Experts</title>", '<title type="html">Sparse &lt;i&gt;Experts&lt;/i&gt; &amp;amp; '
                        'Routers</title>')
    assert "&lt;i&gt;" in feed
    assert read_file(write(tmp_path, "html.atom", feed))[0].title == "Sparse Experts & Routers"


def test_an_arxiv_api_error_feed_is_an_input_error(tmp_path):
    feed = ('<feed xmlns="http://www.w3.org/2005/Atom"><entry><id>http://arxiv.org/api/errors#incorrect_id_format'
            '</id><title>Error</title><summary>incorrect id format for 1234.1234</summary></entry></feed>')
    path = write(tmp_path, "error.atom", feed)
    with pytest.raises(InputError, match=f"^{path}: the feed is an error of the arXiv API: incorrect id format"):
        read_file(path)


def test_atom_with_entities_is_refused(tmp_path):
    evil = ('<?xml version="1.0"?>\n<!DOCTYPE feed [<!ENTITY x SYSTEM "file:///etc/passwd">]>\n'
            '<feed xmlns="http://www.w3.org/2005/Atom"><entry><summary>&x;</summary></entry></feed>\n')
    with pytest.raises(InputError, match="DTD or entity declarations is refused"):
        read_file(write(tmp_path, "evil.xml", evil))


def test_malformed_xml_is_an_input_error(tmp_path):
    with pytest.raises(InputError, match=r"bad\.atom:2: not well-formed XML"):
        read_file(write(tmp_path, "bad.atom", '<feed xmlns="http://www.w3.org/2005/Atom">\n<entry></feed>\n'))


def test_atom_feed_saved_after_blank_lines(tmp_path, caplog):
    """The XML declaration is not at the start of the file: still the feed; line numbers still the file's."""
    path = write(tmp_path, "query.atom", "\n  \n" + ATOM)
    with caplog.at_level(logging.WARNING, logger="kg"):
        assert [p.id for p in read_file(path)] == ["arxiv-2401.00001"]
    assert any(r.getMessage().startswith(f"{path}:18: no abstract field") for r in caplog.records)
    with pytest.raises(InputError, match=r"bad\.atom:4: not well-formed XML"):
        read_file(write(tmp_path, "bad.atom", '\n\n<feed xmlns="http://www.w3.org/2005/Atom">\n<entry></feed>\n'))


# --------------------------------------------------------------- detection, forcing, merging


@pytest.mark.parametrize("name, text, expected", [
    ("a.txt", f"Daily Papers\n\n{A}\n", "daily"),
    ("a.txt", json.dumps([{"abstract": A}]), "json"),
    ("a.txt", json.dumps({"abstract": A}) + "\n" + json.dumps({"abstract": B}) + "\n", "jsonl"),
    ("a.json", json.dumps({"abstract": A}) + "\n" + json.dumps({"abstract": B}) + "\n", "jsonl"),
    ("a.json", json.dumps({"abstract": A}, indent=1), "json"),
    ("export", "@article{x, abstract = {%s}}" % A, "bibtex"),
    ("feed", ATOM, "atom"),
    ("a.csv", "abstract\nx\n", "csv"),
    ("a.TSV", "abstract\nx\n", "tsv"),
])
def test_detect_format(name, text, expected):
    assert detect_format(name, text) == expected


def test_input_format_forces_the_reader(tmp_path):
    path = write(tmp_path, "papers.txt", f"title\tabstract\nOne\t{A}\n")
    assert read_inputs([path], input_format="tsv")[0].title == "One"
    assert read_inputs([path], input_format="daily")[0].title is None  # read as Daily Papers text


@pytest.mark.parametrize("sep", [",", ";", "\t"])
def test_a_csv_saved_as_txt_is_read_as_csv(tmp_path, capsys, sep):
    """Not as one Daily Papers paragraph holding the whole table (a paper that would stay in a store)."""
    path = write(tmp_path, "papers.txt", f'title{sep}abstract\nOne{sep}"{A[:60]}\n{A[60:]}"\nTwo{sep}"{B}"\n')
    assert [(p.title, p.abstract) for p in read_file(path)] == [("One", A), ("Two", B)]
    assert kg.cli.main(["build", str(path), "--out", str(tmp_path / "out")]) == 0
    assert "papers     2" in capsys.readouterr().out


@pytest.mark.parametrize("first_lines", [
    "Summary, 3 May\n\n",  # a header line with a comma and an abstract column's name, then a blank line
    f"Summary, 3 May\n{B}\n\n",  # then an abstract that is not a record of two cells
    "Daily Papers\n\n",
])
def test_daily_papers_text_is_not_taken_for_csv(tmp_path, first_lines):
    path = write(tmp_path, "papers.txt", f"{first_lines}{A}\n\n{C}\n")
    assert detect_format(path, path.read_text(encoding="utf-8")) == "daily"


def test_same_paper_from_two_sources_is_one_paper(tmp_path):
    jsonl = write(tmp_path, "a.jsonl", json.dumps({"abstract": A, "title": "Sparse Experts"}) + "\n")
    bib = write(tmp_path, "b.bib", "@misc{k, author = {Lovelace, Ada}, eprint = {2401.00001}, abstract = {%s}}\n" % A)
    csv_ = write(tmp_path, "c.csv", f"abstract,arxiv\n\"{A}\",arXiv:2401.00001v3\n\"{B}\",\n")
    papers = read_inputs([jsonl, bib, csv_])
    assert [p.id for p in papers] == ["arxiv-2401.00001", kg.ingest.paper_id(B)]
    assert (papers[0].title, papers[0].authors, papers[0].arxiv) == ("Sparse Experts", ("Ada Lovelace",), "2401.00001")
    assert read_inputs([csv_, bib, jsonl])[0].id == "arxiv-2401.00001"


def test_duplicate_id_with_a_different_abstract_is_skipped_with_a_warning(tmp_path, caplog):
    path = write(tmp_path, "a.jsonl", "\n".join(json.dumps({"arxiv_id": "2401.00001", "abstract": t}) for t in (A, B)) + "\n")
    with caplog.at_level(logging.WARNING, logger="kg"):
        papers = read_inputs([path])
    assert [p.abstract for p in papers] == [A]
    assert f"{path}:2: duplicate id arXiv:2401.00001 with a different abstract (first seen in {path}:1); skipped" in [
        r.getMessage() for r in caplog.records]


def test_merge_keeps_known_papers_first():
    old = Paper("x", A, source="store")
    new = Paper("arxiv-2401.00001", A, source="new", arxiv="2401.00001", title="T")
    (merged,) = merge_papers([new], known=[old])
    assert (merged.id, merged.title, merged.source) == ("arxiv-2401.00001", "T", "store")


# --------------------------------------------------------------- through build and the CLI


def test_build_labels_papers_with_their_titles(tmp_path):
    path = write(tmp_path, "a.jsonl", "\n".join(json.dumps(r) for r in [
        {"abstract": A, "title": "Sparse Experts", "arxiv": "2401.00001"}, {"abstract": B}]) + "\n")
    graph = kg.build(path)
    labels = {p["iri"].rsplit("/", 1)[1]: p["label"] for p in graph.papers()}
    assert labels["arxiv-2401.00001"] == "Sparse Experts"
    assert labels[kg.ingest.paper_id(B)] != ""


def test_cli_skips_bad_records_and_fails_on_a_file_with_nothing_usable(tmp_path, capsys):
    good = write(tmp_path, "good.jsonl", json.dumps({"abstract": A}) + "\n" + "[1]\n")
    bad = write(tmp_path, "bad.jsonl", json.dumps({"abstract": ""}) + "\n")
    out = tmp_path / "out"
    assert kg.cli.main(["build", str(good), "--out", str(out)]) == 0
    assert "papers     1" in capsys.readouterr().out
    rc = kg.cli.main(["build", str(good), str(bad), "--out", str(tmp_path / "out2")])
    err = capsys.readouterr().err
    assert rc == 2 and f"kg: error: {bad}: no usable record" in err
    assert not (tmp_path / "out2").exists()


def test_cli_input_format_option(tmp_path, capsys):
    path = write(tmp_path, "papers.dat", f"abstract\n\"{A}\"\n")
    assert kg.cli.main(["build", str(path), "--input-format", "csv", "--out", str(tmp_path / "o")]) == 0
    assert "papers     1" in capsys.readouterr().out
    with pytest.raises(SystemExit) as info:
        kg.cli.main(["build", str(path), "--input-format", "docx", "--out", str(tmp_path / "o")])
    assert info.value.code == 2
