"""The litkg vocabulary as an rdflib DefinedNamespace (a misspelt term raises).

Generated from ontology/kg.ttl by ``python -m kg.ontology``; do not edit.
"""

from rdflib.namespace import DefinedNamespace, Namespace
from rdflib.term import URIRef

__all__ = ["KG"]


class KG(DefinedNamespace):
    """Classes and properties of the litkg ontology."""

    Benchmark: URIRef
    Build: URIRef
    Concept: URIRef
    InputFile: URIRef
    Mention: URIRef
    Method: URIRef
    Metric: URIRef
    Model: URIRef
    Paper: URIRef
    Problem: URIRef
    Statement: URIRef
    addresses: URIRef
    anchorOf: URIRef
    beginIndex: URIRef
    confidence: URIRef
    denotes: URIRef
    endIndex: URIRef
    evaluatesOn: URIRef
    evidenceFor: URIRef
    inPaper: URIRef
    mentions: URIRef
    proposes: URIRef
    relatesTo: URIRef
    role: URIRef
    sentence: URIRef
    sha256: URIRef
    support: URIRef
    uses: URIRef

    _fail = True
    _NS = Namespace("https://w3id.org/litkg/ontology#")
