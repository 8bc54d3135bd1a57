"""A judge's web page over the checker: static files and a small JSON API (Starlette on uvicorn).

The names below are imported on first use, so that importing a module of this package (a worker process
imports ``legality.serve.worker``) does not import the web framework and the solver with it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from legality.serve.app import ServeSettings, create_app

__all__ = ["ServeSettings", "create_app"]


def __getattr__(name: str) -> Any:
    if name in __all__:
        from legality.serve import app

        return getattr(app, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
