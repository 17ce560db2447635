"""litkg: paper abstracts → a linked, queryable knowledge graph (networkx, RDF, HTML).

>>> import kg
>>> graph = kg.build(["abstracts.txt"])          # doctest: +SKIP
>>> graph.entities("Problem")[:3]                 # doctest: +SKIP
"""

from .errors import ExportError, ExtractionError, InputError, KGError, NotFoundError, QueryError
from .records import NodeType, Role

__all__ = ["KnowledgeGraph", "build", "from_texts", "load", "NodeType", "Role",
           "KGError", "InputError", "NotFoundError", "ExtractionError", "ExportError", "QueryError"]
__version__ = "0.1.0"

_API = ("KnowledgeGraph", "build", "from_texts", "load")


def __getattr__(name: str):
    """The API is imported on first use: spaCy takes a second to import, and the CLI's own start
    (``kg --help``, or Ctrl-C at once) should not wait for it."""
    if name in _API:
        from . import api
        return getattr(api, name)
    raise AttributeError(f"module 'kg' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted([*globals(), *_API])
