"""litkg: paper abstracts → a linked, queryable knowledge graph (networkx, RDF, HTML).

>>> import kg
>>> graph = kg.build(["abstracts.txt"])          # doctest: +SKIP
>>> graph.entities("Problem")[:3]                 # doctest: +SKIP
"""

from .api import KnowledgeGraph, build, from_texts, load
from .errors import ExportError, ExtractionError, InputError, KGError, QueryError
from .records import NodeType, Role

__all__ = ["KnowledgeGraph", "build", "from_texts", "load", "NodeType", "Role",
           "KGError", "InputError", "ExtractionError", "ExportError", "QueryError"]
__version__ = "0.1.0"
