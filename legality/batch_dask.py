"""The batch on a Dask distributed cluster: the same lines, verdicts and order as the local pool.

The JSON Lines are read in partitions of ``PARTITION`` lines in the client, each judged by
``judge_chunk`` on a worker, and the results written in input order, with only a few partitions
per worker in flight (memory stays flat). Dask is an optional extra: ``pip install '.[dask]'``.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator
from contextlib import ExitStack
from itertools import islice
from typing import Any

from legality.batch import Emit, Line, Settings, judge_chunk

PARTITION = 64
"""Lines a Dask task judges."""

INSTALL = "Dask is not installed: pip install 'legality[dask]' (or pip install 'dask[distributed]')"


class DaskMissing(RuntimeError):
    """``--dask`` was asked for but Dask is not installed."""


def dask_runner(address: str) -> Any:
    """A runner for ``run_batch`` on the cluster at ``address`` (``local`` or ``local:N`` starts one here)."""
    try:
        import distributed  # noqa: F401
    except ImportError:
        raise DaskMissing(INSTALL) from None

    def run(lines: Iterator[Line], settings: Settings, emit: Emit) -> None:
        with ExitStack() as stack:
            client = stack.enter_context(_client(address))
            workers = max(len(client.scheduler_info().get("workers", {})), 1)
            pending: deque[Any] = deque()
            while chunk := list(islice(lines, PARTITION)):
                pending.append(client.submit(judge_chunk, chunk, settings, pure=False))
                if len(pending) >= 3 * workers:
                    emit(pending.popleft().result())
            while pending:
                emit(pending.popleft().result())

    return run


def _client(address: str) -> Any:
    from distributed import Client, LocalCluster

    if address == "local" or address.startswith("local:"):
        n = int(address.partition(":")[2] or 2)
        cluster = LocalCluster(  # type: ignore[no-untyped-call]
            n_workers=n, threads_per_worker=1, processes=True, dashboard_address=None)
        client = Client(cluster)  # type: ignore[no-untyped-call]
        return _Closing(client, cluster)
    return _Closing(Client(address), None)  # type: ignore[no-untyped-call]


class _Closing:
    """Closes the client, then the local cluster it started (if any)."""

    def __init__(self, client: Any, cluster: Any) -> None:
        self.client, self.cluster = client, cluster

    def __enter__(self) -> Any:
        return self.client

    def __exit__(self, *exc: object) -> None:
        self.client.close()
        if self.cluster is not None:
            self.cluster.close()
