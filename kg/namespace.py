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
    MergeDecision: URIRef
    Method: URIRef
    Metric: URIRef
    Model: URIRef
    Paper: URIRef
    Person: URIRef
    Problem: URIRef
    RelationMention: URIRef
    RelationStatement: URIRef
    Result: URIRef
    Statement: URIRef
    TextSpan: URIRef
    addresses: URIRef
    anchorOf: URIRef
    appliedTo: URIRef
    authorList: URIRef
    beginIndex: URIRef
    benchmark: URIRef
    confidence: URIRef
    denotes: URIRef
    endIndex: URIRef
    evaluatedOn: URIRef
    evaluatesOn: URIRef
    evidenceFor: URIRef
    evidenceOf: URIRef
    form: URIRef
    inPaper: URIRef
    mentions: URIRef
    mergeDecision: URIRef
    metric: URIRef
    mitigates: URIRef
    outperforms: URIRef
    paperSupport: URIRef
    proposes: URIRef
    relatesTo: URIRef
    reports: URIRef
    role: URIRef
    rule: URIRef
    sentence: URIRef
    sha256: URIRef
    support: URIRef
    uses: URIRef
    value: URIRef

    _fail = True
    _NS = Namespace("https://w3id.org/litkg/ontology#")
