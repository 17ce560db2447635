"""Ingest: the Daily Papers text format, stable paper ids, URL repair, and rejection of bad input files."""

from __future__ import annotations

import hashlib
import json
import textwrap
from pathlib import Path

import pytest

import kg.ingest
from kg.errors import InputError
from kg.ingest import find_urls, paper_id, parse_daily_papers, read_inputs, read_text_file

# Abstracts written for these tests (not from the corpus); each is well over the 8-word minimum.
from common import A, B, C  # noqa: E402  (shared test abstracts)
LONG = ("Large language models are often adapted to new domains by supervised fine-tuning on small "
        "curated datasets, but this adaptation can silently erode capabilities that were learned during "
        "pretraining. We measure this erosion across twelve domains and three model scales, and find that "
        "it grows with the distance between the new domain and the pretraining mixture. We then propose a "
        "replay schedule that mixes a small fraction of pretraining data into every fine-tuning batch, and "
        "show that it removes most of the loss while keeping the gains on the target domain.")


def abstracts(text: str, **kw) -> list[str]:
    return [p.abstract for p in parse_daily_papers(text, **kw)]


# --------------------------------------------------------------- the text format


def test_header_is_skipped_and_blank_lines_separate_abstracts():
    assert abstracts(f"Daily Papers\n\n{A}\n\n{B}\n\n{C}\n") == [A, B, C]


def test_header_in_the_same_paragraph_as_the_first_abstract_is_skipped():
    assert abstracts(f"Daily Papers\n{A}\n\n{B}\n") == [A, B]


def test_a_longer_header_on_its_own_line_is_skipped():
    header = "Daily Papers: real arXiv abstracts (2025, LLM agents and reinforcement learning)"
    assert abstracts(f"{header}\n\n{A}\n\n{B}\n") == [A, B]
    assert abstracts(f"{header}\n{A}\n\n{B}\n")[0].startswith(header)  # a long first line of a paragraph is text


def test_first_abstract_is_not_mistaken_for_a_header():
    assert abstracts(f"{A}\n\n{B}\n") == [A, B]


def test_blank_lines_made_of_spaces_and_tabs_separate_paragraphs():
    assert abstracts(f"Daily Papers\n \t\n{A}\n   \n\n{B}") == [A, B]


def test_one_abstract_per_line():
    lines = [f"{A} We evaluate the routing on three benchmarks.", f"{B} No clean validation set is needed.", LONG]
    assert abstracts("\n".join(lines) + "\n") == lines
    assert abstracts("Daily Papers\n\n" + "\n".join(lines) + "\n") == lines


def test_an_abstract_written_one_sentence_per_line_is_one_abstract():
    one_per_line = LONG.replace(". ", ".\n")
    assert one_per_line.count("\n") == 2
    assert abstracts(f"Daily Papers\n\n{one_per_line}\n\n{A}\n") == [LONG, A]


def test_one_abstract_per_line_some_ending_with_the_address_of_their_code():
    """Such lines used to make the whole file one paper, silently."""
    ends = [" Code is available at https://github.com/example/repo", " Models are available at example.ai",
            " See www.example.org/project"]
    lines = [A + ends[0], B, C + ends[1], LONG + ends[2]]
    assert abstracts("\n".join(lines) + "\n") == lines


def test_crlf_and_lone_cr_line_endings():
    text = f"Daily Papers\n\n{A}\n\n{B}\n"
    assert abstracts(text.replace("\n", "\r\n")) == [A, B]
    assert abstracts(text.replace("\n", "\r")) == [A, B]


def test_wrapped_abstract_spread_over_lines_is_one_abstract():
    wrapped = "\n".join(textwrap.wrap(LONG, 72))
    assert wrapped.count("\n") >= 5
    found = parse_daily_papers(f"Daily Papers\n\n{wrapped}\n\n{A}\n")
    assert [p.abstract for p in found] == [LONG, A]
    assert found[0].id == paper_id(LONG)


def test_the_first_line_of_wrapped_text_is_no_header():
    """Wrapped at 60 to 80 columns, the first abstract's first line is short enough to pass for a header."""
    text = ("Diffusion-based language generators offer considerable advantages over autoregressive decoders, "
            "including parallel decoding and bidirectional context. However, their sampling remains expensive, "
            "because every denoising step recomputes representations for the entire sequence.")
    for width in (60, 72, 80):
        wrapped = "\n".join(textwrap.wrap(text, width))
        assert len(wrapped.split("\n")[0].split()) <= 10
        assert abstracts(f"{wrapped}\n\n{A}\n") == [text, A]
        assert abstracts(f"Daily Papers\n{wrapped}\n\n{A}\n") == [text, A]  # a header before it still is one
        header = "Hugging Face Daily Papers - June 3 2025 (agents)"  # 49 characters: the next word would have fitted
        if width > 60:  # (at 60 columns "Diffusion-based" would not have: the two cannot be told apart)
            assert abstracts(f"{header}\n{wrapped}\n\n{A}\n") == [text, A]


def test_a_short_first_paragraph_of_two_sentences_is_no_header():
    short = "Large language models often hallucinate facts. To address this, we propose FactFix for QA"
    assert abstracts(f"{short}\n\n{A}\n") == [short, A]


def test_a_word_hyphenated_across_a_line_break_is_joined():
    text = "Daily Papers\n\nWe pair self-\nsupervised pre-  \n  training of Vision-\nLanguage models with GPT-\n4 judges.\n"
    assert abstracts(text) == ["We pair self-supervised pre-training of Vision-Language models with GPT-4 judges."]
    spaced = "Daily Papers\n\nWe pair two losses -\nnot one - and train large models on many more tokens.\n"
    assert abstracts(spaced) == ["We pair two losses - not one - and train large models on many more tokens."]


def test_invisible_characters_of_copied_text_are_dropped(tmp_path):
    text = "Daily Papers\n\nWe propose Soft\u00adNet and evaluate it on Image\u200bNet, CIFAR\u2060-10 and more data.\n"
    assert abstracts(text) == ["We propose SoftNet and evaluate it on ImageNet, CIFAR-10 and more data."]
    records = tmp_path / "papers.jsonl"
    records.write_text('{"title": "Soft\u00adNet", "abstract": "We propose Soft\u00adNet, evaluated on Image\u200bNet."}\n')
    paper, = read_inputs([records])
    assert (paper.title, paper.abstract) == ("SoftNet", "We propose SoftNet, evaluated on ImageNet.")


def test_paragraphs_shorter_than_the_minimum_are_dropped():
    assert abstracts(f"Daily Papers\n\n{A}\n\nToo short to be an abstract.\n\n{B}") == [A, B]


def test_without_header_mode_a_short_first_line_is_kept_as_part_of_the_abstract():
    found = abstracts(f"Short lead line\n{A}", header=False)
    assert found == [f"Short lead line {A}"]


def test_source_is_recorded():
    assert {p.source for p in parse_daily_papers(f"{A}\n\n{B}", source="x.txt")} == {"x.txt"}


# ---------------------------------------------------------------- stable ids


def test_same_text_same_id_and_different_text_different_id():
    assert paper_id(A) == paper_id(str(A))
    assert paper_id(A) != paper_id(B)
    assert paper_id(A) != paper_id(A + " Extra sentence.")


def test_id_ignores_whitespace_differences():
    messy = "  " + A.replace(" ", "\n   ", 5).replace(" ", "\t", 1) + "\n"
    assert messy != A
    assert paper_id(messy) == paper_id(A)


def test_id_is_sha256_prefix_of_the_collapsed_text():
    # the documented algorithm: stable across runs, processes and machines
    assert paper_id(A) == hashlib.sha256(" ".join(A.split()).encode("utf-8")).hexdigest()[:16]
    assert len(paper_id(A)) == 16 and int(paper_id(A), 16) >= 0


def test_ids_agree_between_formats():
    one_line = parse_daily_papers(f"{LONG}\n{A} {B}\n")
    paragraphs = parse_daily_papers(f"Daily Papers\r\n\r\n{LONG}\r\n\r\n{A} {B}\r\n")
    assert [p.id for p in one_line] == [p.id for p in paragraphs] == [paper_id(LONG), paper_id(f"{A} {B}")]


# ---------------------------------------------------------------------- URLs


def test_plain_url_and_trailing_punctuation():
    assert find_urls("Code is at https://github.com/org/repo.") == ("https://github.com/org/repo",)
    assert find_urls("(see https://example.org/a/b), and more") == ("https://example.org/a/b",)
    assert find_urls("links: https://example.org/x; http://foo.io/y:") == ("https://example.org/x", "http://foo.io/y")


def test_url_broken_by_spaces_is_repaired():
    assert find_urls("Code: https:// github. com/ x/y") == ("https://github.com/x/y",)
    assert find_urls("Code: https:// github. com/ x/y.") == ("https://github.com/x/y",)
    assert find_urls("Project page at https: //foo.github. io/ bar/ .") == ("https://foo.github.io/bar/",)


def test_repair_does_not_swallow_the_next_word():
    assert find_urls("See https://example.org/page and the appendix.") == ("https://example.org/page",)
    assert find_urls("See https://example.org. Results follow.") == ("https://example.org",)


def test_urls_are_unique_in_order_of_appearance():
    text = "at https://b.org/x and https://a.org/y and again https://b.org/x."
    assert find_urls(text) == ("https://b.org/x", "https://a.org/y")


def test_not_a_url():
    assert find_urls("no links here, only http as a word") == ()
    assert find_urls("a bare scheme https:// then nothing") == ()


def test_papers_carry_their_urls():
    text = A[:-1] + ", code at https:// github. com/ lab/moe-router."
    (paper,) = parse_daily_papers(text)
    assert paper.urls == ("https://github.com/lab/moe-router",)


# -------------------------------------------------------------------- files


def test_read_inputs_reads_paragraph_file(tmp_path):
    path = tmp_path / "daily.txt"
    path.write_text(f"Daily Papers\n\n{A}\n\n{B}\n", encoding="utf-8")
    papers = read_inputs([path])
    assert [p.abstract for p in papers] == [A, B]
    assert {p.source for p in papers} == {str(path)}


def test_read_inputs_crlf_file(tmp_path):
    path = tmp_path / "crlf.txt"
    path.write_bytes(f"Daily Papers\r\n\r\n{A}\r\n\r\n{B}\r\n".encode("utf-8"))
    assert [p.abstract for p in read_inputs([path])] == [A, B]


def test_read_inputs_bom_file(tmp_path):
    path = tmp_path / "bom.txt"
    path.write_bytes(b"\xef\xbb\xbf" + f"Daily Papers\n\n{A}\n\n{B}\n".encode("utf-8"))
    papers = read_inputs([path])
    assert [p.abstract for p in papers] == [A, B]
    assert papers[0].id == paper_id(A)
    # a BOM before an abstract with no header does not leak into the text either
    path.write_bytes(b"\xef\xbb\xbf" + f"{A}\n\n{B}\n".encode("utf-8"))
    assert [p.abstract for p in read_inputs([path])] == [A, B]


def test_read_inputs_drops_duplicates_across_files(tmp_path):
    first, second = tmp_path / "1.txt", tmp_path / "2.txt"
    first.write_text(f"{A}\n\n{B}\n", encoding="utf-8")
    second.write_text(f"{B.replace(' ', '  ')}\n\n{C}\n", encoding="utf-8")
    papers = read_inputs([first, second])
    assert [p.id for p in papers] == [paper_id(A), paper_id(B), paper_id(C)]
    assert papers[1].source == str(first)


def _input_error(call, path) -> str:
    with pytest.raises(InputError) as info:
        call(path)
    message = str(info.value)
    assert str(path) in message, message
    assert "\n" not in message, message
    assert info.value.exit_code == 2
    return message


@pytest.mark.parametrize("call", [read_text_file, lambda p: read_inputs([p])], ids=["read_text_file", "read_inputs"])
class TestBadInput:
    def test_missing_file(self, tmp_path, call):
        assert "no such file" in _input_error(call, tmp_path / "absent.txt")

    def test_empty_file(self, tmp_path, call):
        path = tmp_path / "empty.txt"
        path.write_bytes(b"")
        assert "empty" in _input_error(call, path)

    def test_whitespace_only_file(self, tmp_path, call):
        path = tmp_path / "blank.txt"
        path.write_bytes(b" \n\t\r\n  \n")
        assert "empty" in _input_error(call, path)

    def test_directory(self, tmp_path, call):
        folder = tmp_path / "folder"
        folder.mkdir()
        assert "directory" in _input_error(call, folder)

    def test_binary_file(self, tmp_path, call):
        path = tmp_path / "model.bin"
        path.write_bytes(b"MODL" + b"\x00" * 20 + b"more bytes")
        message = _input_error(call, path)
        assert "binary" in message and "offset 4" in message

    def test_an_endless_stream_of_nul_bytes_is_binary_at_once(self, call):
        path = Path("/dev/zero")  # read whole, it would fill the memory
        assert _input_error(call, path).endswith("binary file (NUL byte at offset 0), expected UTF-8 text")

    def test_a_file_larger_than_any_input_is_refused(self, tmp_path, call, monkeypatch):
        monkeypatch.setattr(kg.ingest, "MAX_INPUT_BYTES", 1000)
        path = tmp_path / "huge.txt"
        path.write_text(f"Daily Papers\n\n{A}\n\n" * 10, encoding="utf-8")
        assert "larger than" in _input_error(call, path)

    @pytest.mark.parametrize("name, head, said", [
        ("paper.pdf", b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n", "a PDF document, not text (copy its abstract into a text file)"),
        ("papers.xlsx", b"PK\x03\x04\x14\x00\x06\x00", "a ZIP archive, not text (a .docx or .xlsx? save it as UTF-8 text or CSV)"),
        ("papers.jsonl.gz", b"\x1f\x8b\x08\x00", "gzip-compressed, not text (gunzip it first)")])
    def test_a_document_or_archive_is_named_so(self, tmp_path, call, name, head, said):
        """Not by its first byte that is not UTF-8 or NUL."""
        path = tmp_path / name
        path.write_bytes(head + b"\x00\xff" * 10)
        assert _input_error(call, path) == f"{path}: {said}"

    @pytest.mark.parametrize("encoding", ["utf-16", "utf-16-be"])
    def test_utf16_file_is_named_so(self, tmp_path, call, encoding):
        path = tmp_path / "export.txt"
        path.write_bytes(("\ufeff" if encoding.endswith("be") else "").encode(encoding) + f"Daily\n\n{A}".encode(encoding))
        assert "UTF-16 text; expected UTF-8" in _input_error(call, path)

    @pytest.mark.parametrize("encoding, name", [("utf-16-le", "UTF-16LE"), ("utf-16-be", "UTF-16BE")])
    def test_utf16_file_without_byte_order_mark_is_named_so(self, tmp_path, call, encoding, name):
        path = tmp_path / "export.txt"
        path.write_bytes(f"Daily Papers \u2014 caf\u00e9\n\n{A}".encode(encoding))
        message = _input_error(call, path)
        assert message.endswith(f"UTF-16 text; expected UTF-8 (save it as UTF-8, or: iconv -f {name} -t UTF-8)")

    def test_non_utf8_bytes_name_the_offset(self, tmp_path, call):
        prefix = f"Daily Papers\n\n{A[:40]}".encode("utf-8")
        path = tmp_path / "latin1.txt"
        path.write_bytes(prefix + b"caf\xe9 " + A[40:].encode("utf-8"))
        message = _input_error(call, path)
        offset = len(prefix) + 3
        assert "UTF-8" in message and f"offset {offset}" in message and "0xe9" in message


@pytest.mark.parametrize("text, kind", [("42", "a number"), ('"abc"', "a string"), ("null", "null")])
def test_json_scalar_is_named_in_words(tmp_path, text, kind):
    path = tmp_path / "papers.json"
    path.write_text(text)
    message = _input_error(lambda p: read_inputs([p]), path)
    assert message.endswith(f"expected a JSON list of paper records or one record, found {kind}")


def test_header_only_file_has_no_abstracts(tmp_path):
    path = tmp_path / "header.txt"
    path.write_text("Daily Papers\n", encoding="utf-8")
    message = _input_error(lambda p: read_inputs([p]), path)
    assert "no abstracts" in message


def test_file_of_only_short_paragraphs_has_no_abstracts(tmp_path):
    path = tmp_path / "short.txt"
    path.write_text("Daily Papers\n\nNot an abstract.\n\nNeither is this.\n", encoding="utf-8")
    _input_error(lambda p: read_inputs([p]), path)


def test_one_bad_file_among_good_ones_is_named(tmp_path):
    good, bad = tmp_path / "good.txt", tmp_path / "bad.txt"
    good.write_text(A, encoding="utf-8")
    bad.write_bytes(b"\xff\xfe" + A.encode("utf-16-le"))
    with pytest.raises(InputError) as info:
        read_inputs([good, bad])
    assert str(bad) in str(info.value) and str(good) not in str(info.value)


# -------------------------------------------------------------------- corpus


@pytest.fixture(scope="module")
def corpus_papers(corpus_path):
    return read_inputs([corpus_path])


def test_corpus_has_80_papers_with_unique_ids(corpus_papers):
    assert len(corpus_papers) == 80
    ids = [p.id for p in corpus_papers]
    assert len(set(ids)) == 80
    assert all(p.id == paper_id(p.abstract) for p in corpus_papers)


def test_corpus_header_is_not_an_abstract(corpus_papers):
    assert all(len(p.abstract.split()) >= 30 for p in corpus_papers)
    assert not any(p.abstract.startswith("Daily Papers") for p in corpus_papers)
    assert all("\n" not in p.abstract and p.abstract == p.abstract.strip() for p in corpus_papers)


def test_corpus_memdlm_paper_url(corpus_papers):
    memdlm = [p for p in corpus_papers if "MemDLM" in p.abstract]
    assert len(memdlm) == 1
    assert memdlm[0].urls == ("https://github.com/JarvisPei/MemDLM",)


def test_corpus_urls_have_no_trailing_punctuation(corpus_papers):
    urls = [u for p in corpus_papers for u in p.urls]
    assert len(urls) >= 10
    assert all(u.startswith(("http://", "https://")) and " " not in u for u in urls)
    assert not [u for u in urls if u[-1] in ".,;:)]}'\""]


@pytest.mark.parametrize("name", ["graph.ttl", "graph.html", "query.rq", "pyproject.toml"])
def test_files_that_hold_no_abstracts_are_refused_by_extension(tmp_path, name):
    path = tmp_path / name
    path.write_text(f"Daily Papers\n\n{A}\n", encoding="utf-8")
    with pytest.raises(InputError, match=f"{name}: a \\.\\w+ file holds no abstracts"):
        read_inputs([path])
    assert len(read_inputs([path], input_format="daily")) == 1  # a format given reads it anyway


def test_a_paragraph_longer_than_any_abstract_is_skipped(tmp_path, caplog):
    path = tmp_path / "book.txt"
    path.write_text(f"Daily Papers\n\n{A}\n\n" + "word " * 25_000 + f"\n\n{B}\n", encoding="utf-8")
    assert [p.abstract for p in read_inputs([path])] == [A, B]
    assert "book.txt: paper 2 has 124,999 characters; an abstract has at most 100,000; skipped" in caplog.text
    path.write_text("word " * 25_000, encoding="utf-8")
    with pytest.raises(InputError, match=r"book\.txt: paper 1 has 124,999 characters"):
        read_inputs([path])


def test_a_record_longer_than_any_abstract_is_named_by_its_line(tmp_path, caplog):
    path = tmp_path / "feed.jsonl"
    path.write_text(json.dumps({"abstract": A}) + "\n" + json.dumps({"abstract": "word " * 25_000}) + "\n",
                    encoding="utf-8")
    assert [p.abstract for p in read_inputs([path])] == [A]
    assert "feed.jsonl:2 has 124,999 characters; an abstract has at most 100,000; skipped" in caplog.text


def test_markdown_markup_is_not_read_as_abstracts(caplog):
    page = (f"# Daily Papers\n\n## A first title\n\n{A}\n\n- a list item that is long enough to count as an abstract here\n\n"
            f"| a | table | row | with | many | cells | in | it |\n|---|---|\n\n> a quoted line of more than eight words here\n\n{B}\n")
    assert abstracts(page) == [A, B]
    assert "5 paragraph(s) of Markdown markup" in caplog.text  # the two headings among them


def test_a_markdown_document_with_code_blocks_is_refused(tmp_path):
    path = tmp_path / "README.md"
    path.write_text(f"# Tool\n\n{A}\n\n```bash\npip install tool\n\nmake test and many other words to run here\n```\n\n{B}\n",
                    encoding="utf-8")
    with pytest.raises(InputError, match=r"README\.md: a Markdown document with code blocks"):
        read_inputs([path])
    assert abstracts(path.read_text()) == [A, B]  # the code block, blank line inside it too, is not an abstract
    assert [p.abstract for p in read_inputs([path], input_format="daily")] == [A, B]
    report = tmp_path / "whats-new.md"
    report.write_text(f"# Report\n\n{A}\n\n| entity | papers |\n|---|---|\n| X | 2 |\n", encoding="utf-8")
    with pytest.raises(InputError, match=r"whats-new\.md: a Markdown document with tables"):
        read_inputs([report])
