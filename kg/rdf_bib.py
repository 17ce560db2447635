"""RDF of a paper's bibliographic data (title, date, identifier, authors), used by :mod:`kg.rdf`.

* ``dcterms:title``, ``dcterms:date`` (typed ``xsd:date``, ``xsd:gYearMonth`` or ``xsd:gYear``; a day no calendar
  has, "2024-02-30", stays a plain string);
* ``dcterms:identifier`` (``"arXiv:ID"`` or ``"doi:DOI"``) and ``schema:sameAs`` its canonical
  URL (https://arxiv.org/abs/ID, https://doi.org/DOI);
* ``dcterms:creator`` → a ``kg:Person`` per author (IRI ``{base}person/{slug of the folded
  name}``, ``rdfs:label`` the first spelling in sorted order), and ``kg:authorList`` → an
  ``rdf:Seq`` named ``{paper}/authors`` holding the names as spelt, in byline order, so
  :func:`read_bibliographic` gives back exactly what :func:`add_bibliographic` wrote.
"""

from __future__ import annotations

import datetime
import re
import unicodedata
from urllib.parse import quote

import rdflib
from rdflib import Literal, URIRef
from rdflib.namespace import DCTERMS, RDF, RDFS, SDO, XSD

from .namespace import KG
from .normalize import slug

__all__ = ["add_bibliographic", "read_bibliographic", "add_persons", "person_iri", "canonical_url_of"]

_MEMBER = re.compile(r"^" + re.escape(str(RDF)) + r"_(\d+)$")


def person_iri(name: str, base: str) -> URIRef:
    key = " ".join(unicodedata.normalize("NFC", name).lower().split())
    return URIRef(f"{base}person/{slug(key)}")


def canonical_url_of(identifier: str) -> str | None:
    """https://arxiv.org/abs/ID for ``arXiv:ID``, https://doi.org/DOI for ``doi:DOI``."""
    scheme, _, value = identifier.partition(":")
    if scheme == "arXiv":
        return f"https://arxiv.org/abs/{value}"
    if scheme == "doi":
        return "https://doi.org/" + quote(value, safe="/:;()._-")
    return None


def _date_literal(date: str) -> Literal:
    """*date* typed by its precision; a day that no calendar has ("2024-02-30") stays a plain string, never an
    ill-typed ``xsd:date`` (which rdflib reports with a traceback on every load)."""
    datatype = {10: XSD.date, 7: XSD.gYearMonth, 4: XSD.gYear}.get(len(date))
    if datatype == XSD.date:
        try:
            datetime.date.fromisoformat(date)
        except ValueError:
            datatype = None
    return Literal(date, datatype=datatype) if datatype else Literal(date)


def add_bibliographic(g: rdflib.Graph, paper: URIRef, data: dict) -> None:
    """The title, date, identifier and author list of one paper node (see the module docstring)."""
    if data.get("title"):
        g.add((paper, DCTERMS.title, Literal(data["title"])))
    if data.get("date"):
        g.add((paper, DCTERMS.date, _date_literal(data["date"])))
    if data.get("identifier"):
        g.add((paper, DCTERMS.identifier, Literal(data["identifier"])))
        url = canonical_url_of(data["identifier"])
        if url:
            g.add((paper, SDO.sameAs, URIRef(url)))
    if data.get("authors"):
        seq = URIRef(f"{paper}/authors")
        g.add((paper, KG.authorList, seq))
        g.add((seq, RDF.type, RDF.Seq))
        for n, name in enumerate(data["authors"], 1):
            g.add((seq, URIRef(f"{RDF}_{n}"), Literal(name)))


def add_persons(g: rdflib.Graph, G, base: str) -> None:
    """One kg:Person per author name (folded), linked from each of its papers by dcterms:creator."""
    names: dict[URIRef, set] = {}
    for node, data in G.nodes(data=True):
        for name in data.get("authors", []) if data.get("type") == "Paper" else []:
            person = person_iri(name, base)
            names.setdefault(person, set()).add(name)
            g.add((URIRef(node), DCTERMS.creator, person))
    for person, spellings in names.items():
        g.add((person, RDF.type, KG.Person))
        g.add((person, RDFS.label, Literal(min(spellings))))


def read_bibliographic(g: rdflib.Graph, paper) -> dict:
    """The attributes :func:`add_bibliographic` wrote for *paper*, only those present."""
    attrs = {}
    for name, prop in (("title", DCTERMS.title), ("date", DCTERMS.date), ("identifier", DCTERMS.identifier)):
        value = g.value(paper, prop)
        if value is not None:
            attrs[name] = str(value)
    seq = g.value(paper, KG.authorList)
    if seq is not None:
        members = [(int(m.group(1)), str(o)) for p, o in g.predicate_objects(seq) if (m := _MEMBER.match(str(p)))]
        attrs["authors"] = [name for _, name in sorted(members)]
    return attrs
