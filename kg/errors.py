"""Error hierarchy: every failure a user can cause maps to one of these."""

__all__ = ["KGError", "InputError", "NotFoundError", "ExtractionError", "ExportError", "QueryError"]


class KGError(Exception):
    """Base class of litkg's errors; the CLI turns them into one-line messages."""

    exit_code = 1


class InputError(KGError):
    """An input file is missing, unreadable, empty or malformed (exit code 2)."""

    exit_code = 2


class NotFoundError(InputError, KeyError):
    """No node of the graph has this IRI, name or alias (also a KeyError, as a failed lookup is); ``hint`` names
    what the user may have meant."""

    def __init__(self, message: str = "", hint: str = "") -> None:
        super().__init__(message)
        self.hint = hint

    def __str__(self) -> str:
        message = str(self.args[0]) if self.args else ""  # not KeyError's quoted repr
        return f"{message} ({self.hint})" if self.hint else message


class ExtractionError(KGError):
    """Extraction failed on one paper."""


class ExportError(KGError):
    """An export could not be written where the user asked (exit code 2)."""

    exit_code = 2


class QueryError(KGError):
    """A SPARQL query is malformed or cannot run (exit code 2)."""

    exit_code = 2
