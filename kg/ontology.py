"""The ontology file (ontology/kg.ttl) and the generators of kg/namespace.py and ontology/context.jsonld from it.

Run ``python -m kg.ontology`` after editing the ontology to regenerate the namespace and the JSON-LD context.
"""

from __future__ import annotations

from pathlib import Path

import json

import rdflib
from rdflib.namespace import OWL, RDF, RDFS, XSD

__all__ = ["VOCAB", "data_folder", "ONTOLOGY_PATH", "NAMESPACE_PATH", "CONTEXT_PATH", "SHAPES_PATH",
           "vocabulary_terms", "render_namespace", "render_context"]

VOCAB = "https://w3id.org/litkg/ontology#"


def data_folder(name: str) -> Path:
    """A data folder at the top of the repository (ontology/, queries/) in a source checkout, or the copy an
    installed wheel carries inside the package (kg/_ontology/, kg/_queries/: see pyproject.toml)."""
    package = Path(__file__).resolve().parent
    if (package.parent / "pyproject.toml").is_file():
        return package.parent / name
    return package / f"_{name}"


ONTOLOGY_PATH = data_folder("ontology") / "kg.ttl"
NAMESPACE_PATH = Path(__file__).resolve().parent / "namespace.py"
CONTEXT_PATH = ONTOLOGY_PATH.parent / "context.jsonld"
SHAPES_PATH = ONTOLOGY_PATH.parent / "shapes.ttl"


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


# Terms of standard vocabularies that litkg's export uses (name → IRI, coercion); the kg: terms come from the ontology.
_CONTEXT_PREFIXES = {"kg": VOCAB, "rdf": str(RDF), "rdfs": str(RDFS), "xsd": str(XSD),
                     "skos": "http://www.w3.org/2004/02/skos/core#", "dcterms": "http://purl.org/dc/terms/",
                     "schema": "https://schema.org/", "prov": "http://www.w3.org/ns/prov#"}
_STANDARD_TERMS = {
    "label": ("rdfs:label", None), "altLabel": ("skos:altLabel", None), "broader": ("skos:broader", "@id"),
    "abstract": ("dcterms:abstract", None), "url": ("schema:url", "xsd:anyURI"),
    "title": ("dcterms:title", None), "date": ("dcterms:date", None), "identifier": ("dcterms:identifier", None),
    "creator": ("dcterms:creator", "@id"), "sameAs": ("schema:sameAs", "@id"), "Seq": ("rdf:Seq", None),
    "softwareVersion": ("schema:softwareVersion", None),
    "subject": ("rdf:subject", "@id"), "predicate": ("rdf:predicate", "@id"), "object": ("rdf:object", "@id"),
    "Activity": ("prov:Activity", None), "SoftwareAgent": ("prov:SoftwareAgent", None),
    "used": ("prov:used", "@id"), "wasAssociatedWith": ("prov:wasAssociatedWith", "@id"),
    "wasGeneratedBy": ("prov:wasGeneratedBy", "@id"), "wasDerivedFrom": ("prov:wasDerivedFrom", "@id"),
    "endedAtTime": ("prov:endedAtTime", "xsd:dateTime"),
}


def render_context(path: Path = ONTOLOGY_PATH) -> str:
    """Text of ontology/context.jsonld, the published JSON-LD context: one term per ontology class and property.

    Object properties are IRI-valued (``"@type": "@id"``); datatype properties carry their range as the
    value type unless it is xsd:string (plain strings).
    """
    g = rdflib.Graph().parse(path, format="turtle")
    context: dict = dict(_CONTEXT_PREFIXES)
    for name, (iri, coercion) in _STANDARD_TERMS.items():
        context[name] = iri if coercion is None else {"@id": iri, "@type": coercion}
    for term in vocabulary_terms(path):
        s = rdflib.URIRef(VOCAB + term)
        if (s, RDF.type, OWL.ObjectProperty) in g:
            context[term] = {"@id": f"kg:{term}", "@type": "@id"}
        elif (s, RDF.type, OWL.DatatypeProperty) in g:
            rng = g.value(s, RDFS.range)
            if rng is None or rng == XSD.string or not str(rng).startswith(str(XSD)):
                context[term] = f"kg:{term}"
            else:
                context[term] = {"@id": f"kg:{term}", "@type": "xsd:" + str(rng)[len(str(XSD)):]}
        else:
            context[term] = f"kg:{term}"
    return json.dumps({"@context": context}, indent=1, sort_keys=True) + "\n"


if __name__ == "__main__":
    NAMESPACE_PATH.write_text(render_namespace(), encoding="utf-8")
    print(f"wrote {NAMESPACE_PATH}")
    CONTEXT_PATH.write_text(render_context(), encoding="utf-8")
    print(f"wrote {CONTEXT_PATH}")
