"""A judge's web page over the checker: static files and a small JSON API (Starlette on uvicorn)."""

from legality.serve.app import ServeSettings, create_app

__all__ = ["ServeSettings", "create_app"]
