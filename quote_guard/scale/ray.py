"""The batch of :mod:`quote_guard.scale.batch` on Ray Data (``quote-guard verify --engine ray``).

Needs the ``ray`` extra (``pip install 'quote_guard[ray]'``); Ray is imported on first use.

:func:`verify_dataset` maps a Ray Dataset of items (``id``, ``quotes`` or ``answer``,
``sources``, and ``position``) with ``map_batches`` and a callable class, on an actor pool
(``compute=ActorPoolStrategy(size=actors)``): each actor builds one
:class:`~quote_guard.Verifier` and opens the source store once, and every source is read and
indexed once per actor. A store opened from a folder or a JSONL file travels as its path (the
actors read the files by reference, so the path must be visible to every node: a shared
volume or the same image); an in-memory store is put once in Ray's object store, compressed,
and every actor reads that one copy and keeps its texts compressed.

Ray hands each actor batches of ``batch_rows`` rows (512 by default: Ray Data costs some tens
of milliseconds per batch, which at 64 rows was a fifth of the run). Inside each batch, rows are
grouped by ``position // chunk_size`` and by their source ids, the same grouping the local
engines use, so the results equal theirs whatever the batch size. Actors are restarted
when they die and their batch runs again (Ray Data's defaults for actor pools,
``max_restarts=-1`` and ``max_task_retries=-1``, which this module leaves on): a failed batch
is retried, never dropped.

Each output row holds ``id``, ``position``, ``error`` (``None`` when the item was checked)
and ``record``: the item's :meth:`~quote_guard.scale.batch.BatchResult.to_json`.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import MissingDependencyError
from ..verify import Verifier, VerifierConfig
from .batch import DEFAULT_CHUNK, SourceStore, verify_chunk
from .heap import fix_mmap_threshold

DEFAULT_BATCH_ROWS = 512  # rows per Ray batch: the unit an actor receives and a failure retries

if TYPE_CHECKING:  # pragma: no cover
    from ray.data import Dataset

__all__ = ["VerifyActor", "connect", "items_dataset", "iter_records", "verify_dataset", "write_results"]

_COLUMNS = ("id", "position", "error", "record")


def _ray() -> Any:
    try:
        import ray
        import ray.data
    except ImportError as exc:
        raise MissingDependencyError("verification on Ray (--engine ray)", extra="ray", package="ray[data]") from exc
    return ray


def connect(address: str | None = None, *, num_cpus: int | None = None, temp_dir: str | None = None) -> None:
    """Join the Ray cluster at ``address`` (or ``RAY_ADDRESS``), or start a local one on
    127.0.0.1 without the dashboard. Does nothing when Ray is already initialised. Usage
    statistics stay off unless ``RAY_USAGE_STATS_ENABLED`` says otherwise.

    Ray replaces 127.0.0.1 by the machine's own address unless it runs in single-machine mode
    (``RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER=0``, read when Ray is imported): a local cluster sets
    it when Ray is not imported yet.
    """
    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
    address = address or os.environ.get("RAY_ADDRESS")
    if not address:
        os.environ.setdefault("RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER", "0")
    ray = _ray()
    if ray.is_initialized():
        return
    if address:
        ray.init(address=address, log_to_driver=False)
    else:
        ray.init(num_cpus=num_cpus, include_dashboard=False, _node_ip_address="127.0.0.1",
                 _temp_dir=temp_dir, log_to_driver=False)


class VerifyActor:
    """The callable class of ``map_batches``: one Verifier and one store per actor."""

    def __init__(self, store: Any, config_json: str, chunk_size: int) -> None:
        fix_mmap_threshold()
        ray = _ray()
        if isinstance(store, ray.ObjectRef):
            store = ray.get(store)
        self.store = SourceStore.open(store)
        self.verifier = Verifier(VerifierConfig.model_validate_json(config_json))
        self.chunk_size = chunk_size

    def __call__(self, batch: Any) -> Any:
        import pyarrow as pa

        rows = batch.to_pylist()
        by_chunk: dict[int, list[tuple[int, Any]]] = {}
        for k, row in enumerate(rows):
            pos = row.get("position")
            pos = k if pos is None else int(pos)
            by_chunk.setdefault(pos // self.chunk_size, []).append((pos, _clean(row)))
        out: dict[str, list[Any]] = {c: [] for c in _COLUMNS}
        for key in sorted(by_chunk):
            for r in verify_chunk(self.verifier, self.store, by_chunk[key]):
                out["id"].append(r.id)
                out["position"].append(r.position)
                out["error"].append(r.error)
                out["record"].append(r.to_json())
        return pa.table({"id": pa.array(out["id"], pa.string()), "position": pa.array(out["position"], pa.int64()),
                         "error": pa.array(out["error"], pa.string()), "record": pa.array(out["record"], pa.string())})


def _clean(row: dict[str, Any]) -> dict[str, Any]:
    """A row as an item mapping: absent (``None``) fields dropped, arrays as lists."""
    return {k: (list(v) if isinstance(v, tuple) else v) for k, v in row.items() if v is not None and k != "position"}


def items_dataset(items: Iterable[Any]) -> Dataset:
    """A Ray Dataset of item mappings, numbered by ``position`` (kept if already there)."""
    ray = _ray()
    rows = []
    for n, obj in enumerate(items):
        if not isinstance(obj, Mapping):
            raise TypeError(f"items_dataset takes mappings (id, quotes or answer, sources), got {type(obj).__name__}")
        row = {"id": None, "quotes": None, "answer": None, "sources": None, **dict(obj)}
        if isinstance(row.get("quotes"), str):
            row["quotes"] = [row["quotes"]]
        if isinstance(row.get("sources"), str):
            row["sources"] = [row["sources"]]
        row.setdefault("position", n)
        if row.get("position") is None:
            row["position"] = n
        rows.append(row)
    dataset: Dataset = ray.data.from_items(rows)
    return dataset


def verify_dataset(
    ds: Dataset | Iterable[Any],
    sources: Any,
    config: VerifierConfig | None = None,
    *,
    actors: int = 2,
    chunk_size: int = DEFAULT_CHUNK,
    batch_rows: int = DEFAULT_BATCH_ROWS,
    progress: bool = True,
) -> Dataset:
    """Verify every item of ``ds`` against ``sources`` on a pool of ``actors`` Ray actors.

    ``ds`` is a Ray Dataset of items (or an iterable of item mappings, numbered in order);
    ``sources`` a :class:`~quote_guard.scale.batch.SourceStore`, a folder, a JSONL file or a
    mapping. ``batch_rows`` rows go to an actor at a time (and run again if it dies);
    ``chunk_size`` is the grouping inside a batch, as in the local engines. Returns the lazy
    result Dataset (columns ``id``, ``position``, ``error``, ``record``); write it with
    :func:`write_results` or iterate it. Connects with :func:`connect` if Ray is not initialised
    yet.
    """
    ray = _ray()
    if actors < 1:
        raise ValueError(f"actors must be at least 1, got {actors}")
    if batch_rows < 1 or chunk_size < 1:
        raise ValueError(f"batch_rows and chunk_size must be at least 1, got {batch_rows} and {chunk_size}")
    connect()
    context = ray.data.DataContext.get_current()
    context.enable_progress_bars = progress
    context.execution_options.preserve_order = True  # results come out in input order, no sort
    if not isinstance(ds, ray.data.Dataset):
        ds = items_dataset(ds)
    store = sources if isinstance(sources, (str, Path)) else SourceStore.open(sources)
    if isinstance(store, SourceStore) and store._spec is None:  # noqa: SLF001 - in memory: one copy in the object store
        store = ray.put(store)
    config = config if config is not None else VerifierConfig()
    result: Dataset = ds.map_batches(
        VerifyActor,
        fn_constructor_kwargs={"store": store, "config_json": config.model_dump_json(), "chunk_size": chunk_size},
        compute=ray.data.ActorPoolStrategy(size=actors),
        batch_size=batch_rows,
        batch_format="pyarrow",
        num_cpus=1,
    )
    return result


def iter_records(results: Dataset) -> Iterator[dict[str, Any]]:
    """The result rows in input order (the dataset preserves it)."""
    for row in results.iter_rows():
        yield dict(row)


def write_results(results: Dataset, path: str | Path) -> int:
    """Write the result rows: a ``.jsonl`` file (one ``record`` a line, in input order) or,
    for any other path, a folder of Parquet files. Returns the number of rows written."""
    p = Path(path)
    if p.suffix.lower() in (".jsonl", ".ndjson"):
        n = 0
        with p.open("w", encoding="utf-8") as f:
            for row in iter_records(results):
                f.write(row["record"] + "\n")
                n += 1
        return n
    done = results.materialize()  # run once: writing and counting must not verify twice
    done.write_parquet(str(p))
    return int(done.count())

