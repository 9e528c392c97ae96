"""quote_guard.scale: batches, the local pool and Ray give the same results; nothing is lost."""

from __future__ import annotations

import asyncio
import json
import os
import pickle
import random
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from quote_guard import Source, Verifier, VerifierConfig
from quote_guard.errors import SourceError
from quote_guard.scale.batch import BatchItem, SourceStore, StoredSource, coerce_item, result_from_dict, verify_batch
from quote_guard.scale.local import verify_calls, verify_local

# Ray Data's own DataContext warns about its own deprecated defaults; nothing we set
pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning:ray.*")

CONFIG = VerifierConfig(semantic={"enabled": False})
WORDS = ("licensee shall pay the royalty within thirty days of each quarter unless the licensor agrees "
         "otherwise in writing no party may assign this agreement without prior consent termination "
         "notice must be given ninety days before the end of the term").split()


def _corpus(n_docs: int = 12, seed: int = 7) -> dict[str, str]:
    rng = random.Random(seed)
    docs = {}
    for d in range(n_docs):
        sentences = []
        for s in range(60):
            words = [rng.choice(WORDS) for _ in range(rng.randrange(8, 20))]
            sentences.append(f"Section {d}.{s}. " + " ".join(words).capitalize() + ".")
        docs[f"doc{d:02d}.txt"] = " ".join(sentences)
    return docs


def _items(docs: dict[str, str], n: int, seed: int = 3) -> list[dict[str, object]]:
    """Verbatim, re-cased, altered (a digit changed) and invented quotes, most with a source id."""
    rng = random.Random(seed)
    ids = sorted(docs)
    out: list[dict[str, object]] = []
    for i in range(n):
        sid = rng.choice(ids)
        t = docs[sid]
        a = rng.randrange(len(t) - 150)
        q = t[a : a + rng.randrange(60, 140)]
        kind = i % 4
        if kind == 1:
            q = q.upper()
        elif kind == 2:
            q = q.replace("Section ", "Section 9", 1) if "Section " in q else q[:-5]
        elif kind == 3:
            q = " ".join(rng.sample(WORDS, 12))
        out.append({"id": f"q{i}", "quotes": [q], "sources": [sid] if i % 3 else []})
    return out


@pytest.fixture(scope="module")
def corpus() -> dict[str, str]:
    return _corpus()


def _lines(results) -> list[str]:
    return [r.to_json() for r in results]


# --------------------------------------------------------------------------- batch and store


def test_results_stream_in_order_with_their_ids(corpus):
    items = _items(corpus, 40)
    out = list(verify_batch(Verifier(CONFIG), items, corpus, chunk_size=7))
    assert [r.id for r in out] == [it["id"] for it in items]
    assert [r.position for r in out] == list(range(40))
    # the batch gives what a direct call gives, quote by quote
    v = Verifier(CONFIG)
    for it, r in zip(items[:12], out):
        srcs = [Source(s, corpus[s]) for s in it["sources"]] or [Source(k, t) for k, t in corpus.items()]
        assert r.results == tuple(v.verify(it["quotes"], srcs))
    verdicts = {r.results[0].verdict.value for r in out}
    assert {"verbatim", "near_verbatim", "unsupported"} <= verdicts


def test_a_missing_source_is_an_error_for_its_item_only(corpus):
    items = _items(corpus, 10)
    items.insert(4, {"id": "lost", "quotes": ["royalty within thirty days"], "sources": ["doc99.txt"]})
    out = list(verify_batch(Verifier(CONFIG), items, corpus, chunk_size=4))
    assert len(out) == 11
    bad = out[4]
    assert bad.id == "lost" and not bad.ok and bad.results == ()
    assert "'doc99.txt' not in the store" in bad.error and "did you mean" in bad.error
    assert all(r.ok and len(r.results) == 1 for i, r in enumerate(out) if i != 4)


def test_malformed_items_are_errors_not_exceptions(corpus):
    items = [{"id": "a", "quotes": ["Section 1.1."]}, {"id": "b"}, {"id": "c", "quotes": [3]}, "text", {"quotes": []}]
    out = list(verify_batch(Verifier(CONFIG), items, corpus))
    assert [r.id for r in out] == ["a", "b", "c", "3", "4"]
    assert out[0].ok and out[0].results[0].verdict.value == "verbatim"
    assert "needs 'answer'" in out[1].error and "must hold strings" in out[2].error and "mapping" in out[3].error
    assert out[4].ok and out[4].results == ()  # no quotes: nothing to check, nothing wrong


def test_an_answer_item_has_its_quotes_extracted(corpus):
    sentence = corpus["doc00.txt"][:60].rsplit(" ", 1)[0]
    item = coerce_item({"id": "x", "answer": f'It says "{sentence}" and "no such words here at all".',
                        "sources": "doc00.txt"}, 0)
    assert item.quotes == (sentence, "no such words here at all") and item.sources == ("doc00.txt",)
    [r] = verify_batch(Verifier(CONFIG), [item], corpus)
    assert [x.verdict.value for x in r.results] == ["verbatim", "unsupported"]


def test_folder_jsonl_and_mapping_stores_agree(corpus, tmp_path):
    folder = tmp_path / "src"
    for name, text in corpus.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(text, encoding="utf-8")
    (folder / ".hidden.txt").write_text("not a source", encoding="utf-8")
    jsonl = tmp_path / "src.jsonl"
    jsonl.write_text("".join(json.dumps({"id": k, "text": t}) + "\n" for k, t in corpus.items()), encoding="utf-8")
    stores = [SourceStore.open(corpus), SourceStore.open(folder), SourceStore.open(jsonl)]
    assert all(sorted(s.ids) == sorted(corpus) for s in stores)
    items = _items(corpus, 24)
    runs = [_lines(verify_batch(Verifier(CONFIG), items, s)) for s in stores]
    assert runs[0] == runs[1] == runs[2]


def test_a_store_is_read_once_and_shared(corpus, tmp_path):
    for name, text in corpus.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    store = SourceStore.from_folder(tmp_path)
    a = store.get(["doc01.txt"])[0]
    assert store.get(["doc01.txt", "doc02.txt"])[0] is a  # the same object, not a copy
    # a store opened from a path travels as its path, not its texts
    assert len(pickle.dumps(store)) < 1000 < sum(len(t) for t in corpus.values())
    assert pickle.loads(pickle.dumps(store)).get(["doc01.txt"])[0].text == a.text
    # reading some sources first does not reorder "every source" (the corpus filter breaks
    # ties by that order, so a worker that read other files first would answer differently)
    assert store.ids == tuple(sorted(corpus)) == tuple(s.id for s in store.get(()))


def _folder(corpus: dict[str, str], path: Path) -> Path:
    path.mkdir(exist_ok=True)
    for name, text in corpus.items():
        (path / name).write_text(text, encoding="utf-8")
    return path


def test_stored_sources_stay_in_their_files(corpus, tmp_path):
    # a store opened from files keeps a bounded cache of recent texts, not every text: the
    # indexes are built from each text once, and a text asked for again is read again
    jsonl = tmp_path / "src.jsonl"
    jsonl.write_text("".join(json.dumps({"id": k, "text": t}) + "\n" for k, t in corpus.items()), encoding="utf-8")
    items = _items(corpus, 40)
    expected = _lines(verify_batch(Verifier(CONFIG), items, corpus))
    for store in (SourceStore.from_folder(_folder(corpus, tmp_path / "src")), SourceStore.from_jsonl(jsonl)):
        store.text_cache_chars = 2 * max(len(t) for t in corpus.values())
        assert _lines(verify_batch(Verifier(CONFIG), items, store)) == expected
        assert 1 <= len(store._texts) <= 2 < len(corpus)
        s = store.get(["doc03.txt"])[0]
        assert isinstance(s, StoredSource) and "Section" not in repr(s)
        assert s == Source("doc03.txt", corpus["doc03.txt"]) == s and hash(s) == hash(Source(s.id, s.text))
        assert s.content_key == Source(s.id, corpus["doc03.txt"]).content_key
        assert type(pickle.loads(pickle.dumps(s))) is Source  # travels as a plain source
        assert pickle.loads(pickle.dumps(store)).text_cache_chars == store.text_cache_chars  # the knob travels too


def test_a_short_quote_reads_only_the_stored_texts_that_can_hold_it(tmp_path):
    # in a large collection, a quote too short for the seed table, or made only of words found
    # nowhere, is checked character for character only in the documents whose folded text holds
    # it: those texts are in memory, where each stored original would be read from its file
    docs = _corpus(20)
    docs["doc05.txt"] += " Best-efforts clause."
    store = SourceStore.from_folder(_folder(docs, tmp_path))
    store.text_cache_chars = 1  # every text asked for is read from its file
    config = VerifierConfig(semantic={"enabled": False}, bm25_min_chars=0)
    items = [{"id": "a", "quotes": ["Best-efforts"]}, {"id": "b", "quotes": ["zqxv wqzz"]},
             {"id": "c", "quotes": ["the royalty"]}]
    expected = _lines(verify_batch(Verifier(config), items, docs))
    list(verify_batch(Verifier(config), items[2:], store))  # every text read once, to build its indexes
    read: list[str] = []
    real = store._read
    store._read = lambda sid: read.append(sid) or real(sid)  # type: ignore[method-assign]
    out = list(verify_batch(Verifier(config), items, store))
    assert _lines(out) == expected
    assert [r.results[0].verdict.value for r in out] == ["verbatim", "unsupported", "verbatim"]
    assert set(read) <= {"doc05.txt", out[2].results[0].spans[0].source_id}


def test_an_in_memory_store_travels_compressed_and_stays_so(corpus):
    # how a mapping reaches a worker process or Ray's object store: compressed once, kept
    # compressed there, each text decompressed when asked for
    corpus = dict(corpus, odd="caf\u00e9 \u2014 \ud800 lone surrogate")  # anything a str holds
    store = SourceStore(corpus)
    wire = pickle.dumps(store)
    assert len(wire) < sum(len(t) for t in corpus.values()) / 2
    assert pickle.dumps(store) == wire  # packed once
    store.text_cache_chars = 123
    sent = pickle.loads(pickle.dumps(store))
    assert sent.text_cache_chars == 123
    assert pickle.loads(wire).sizes() == {k: len(t) for k, t in corpus.items()}  # how workers share an index cache
    assert sent.ids == store.ids and not sent._loaded and len(sent._blobs) == len(corpus)
    got = sent.get(())
    assert all(isinstance(s, StoredSource) for s in got)
    assert [(s.id, s.text) for s in got] == [(s.id, s.text) for s in store.get(())]
    items = _items({k: v for k, v in corpus.items() if k != "odd"}, 24)
    assert _lines(verify_batch(Verifier(CONFIG), items, sent)) == _lines(verify_batch(Verifier(CONFIG), items, store))
    assert pickle.loads(pickle.dumps(sent)).get(["odd"])[0].text == corpus["odd"]  # and on again


def test_a_source_changed_during_a_run_is_an_error_not_a_misplaced_span(corpus, tmp_path):
    store = SourceStore.from_folder(_folder(corpus, tmp_path))
    store.text_cache_chars = 1  # every text read again when asked for
    quote = corpus["doc01.txt"][100:180]
    [r] = verify_batch(Verifier(CONFIG), [{"id": "a", "quotes": [quote], "sources": ["doc01.txt"]}], store)
    assert r.ok and r.results[0].verdict.value == "verbatim"
    (tmp_path / "doc01.txt").write_text("Another text. " + corpus["doc01.txt"], encoding="utf-8")
    assert store.get(["doc02.txt"])[0].text == corpus["doc02.txt"]  # doc01's text leaves the cache
    items = [{"id": "b", "quotes": [quote], "sources": ["doc01.txt"]},
             {"id": "c", "quotes": [corpus["doc02.txt"][50:120]], "sources": ["doc02.txt"]}]
    b, c = verify_batch(Verifier(CONFIG), items, store)
    assert not b.ok and "doc01.txt" in b.error and "changed while it was being used" in b.error
    assert c.ok and c.results[0].verdict.value == "verbatim"  # the other items finish
    (tmp_path / "doc01.txt").unlink()  # gone: named as such, not as a text of another encoding
    [d] = verify_batch(Verifier(CONFIG), items[:1], store)
    assert "doc01.txt" in d.error and "cannot be read (No such file or directory)" in d.error


def test_a_jsonl_store_reads_line_separators_inside_texts(tmp_path):
    # U+2028 is a line break to str.splitlines but an ordinary character inside a JSON string
    text = "Clause 1.\u2028The Tenant shall pay rent.\u0085Clause 2."
    p = tmp_path / "s.jsonl"
    p.write_text(json.dumps({"id": "lease", "text": text}, ensure_ascii=False) + "\r\n", encoding="utf-8")
    [s] = SourceStore.from_jsonl(p).get(())
    assert s.text == text


def test_store_errors_name_the_problem(tmp_path):
    with pytest.raises(SourceError, match="duplicate source id 'a'"):
        SourceStore([Source("a", "x"), Source("a", "y")])
    with pytest.raises(SourceError, match="no .txt or .md files"):
        SourceStore.from_folder(tmp_path)
    bad = tmp_path / "s.jsonl"
    bad.write_text('{"id": "a", "text": "x"}\n{"id": 3}\n', encoding="utf-8")
    with pytest.raises(SourceError, match=r"s.jsonl:2: expected an object with string 'id' and 'text'"):
        SourceStore.from_jsonl(bad)
    (tmp_path / "latin.txt").write_bytes("caf\xe9".encode("latin-1"))
    store = SourceStore.from_folder(tmp_path)
    [r] = verify_batch(Verifier(CONFIG), [{"id": "x", "quotes": ["cafe"]}], store)
    assert "cannot be read as UTF-8" in r.error and "latin.txt" in r.error


def test_averify_and_the_verifier_methods_give_the_same_results(corpus):
    items = _items(corpus, 20)
    v = Verifier(CONFIG)
    expected = _lines(verify_batch(v, items, corpus, chunk_size=6))

    async def collect() -> list[str]:
        return [r.to_json() async for r in v.averify(items, corpus, chunk_size=6)]

    assert asyncio.run(collect()) == expected
    assert _lines(v.verify_batch(items, corpus, chunk_size=6)) == expected


def test_batch_item_objects_are_accepted(corpus):
    item = BatchItem("z", ("Section 3.4.",), ("doc03.txt",))
    [r] = verify_batch(Verifier(CONFIG), [item], corpus)
    assert r.id == "z" and r.results[0].verdict.value == "verbatim"


# --------------------------------------------------------------------------- the local pool


def test_a_batch_builds_the_collections_seed_table_at_once_with_the_same_results():
    # a batch announces its collection (index.expect_many_quotes): the seed table is built at the
    # first chunk instead of after the first few thousand quotes, and nothing else changes
    from quote_guard.index import clear_cache, get_corpus_filter, get_index

    docs = {k: v * 2 for k, v in _corpus(n_docs=24, seed=5).items()}  # 24 documents, over 200 KB in all
    assert sum(map(len, docs.values())) >= CONFIG.bm25_min_chars
    items = [dict(it, sources=[]) for it in _items(docs, 40, seed=9)]  # every quote against the whole collection
    texts = [docs[k] for k in sorted(docs)]
    clear_cache()
    plain = [Verifier(CONFIG).verify(it["quotes"], {k: docs[k] for k in sorted(docs)}) for it in items]
    assert get_corpus_filter(texts, [get_index(t) for t in texts])._seeds is None  # 40 one-quote calls: not yet
    clear_cache()
    batched = list(verify_batch(Verifier(CONFIG), items, {k: docs[k] for k in sorted(docs)}, chunk_size=8))
    assert get_corpus_filter(texts, [get_index(t) for t in texts])._seeds is not None
    assert [r.results for r in batched] == [tuple(p) for p in plain]
    clear_cache()


_HEAP_PROBE = """
import sys
from quote_guard.scale.batch import verify_batch
from quote_guard import Verifier, VerifierConfig
def rss():
    for line in open("/proc/self/status"):
        if line.startswith("VmRSS"):
            return int(line.split()[1]) // 1024
if sys.argv[1] == "batch":
    list(verify_batch(Verifier(VerifierConfig(semantic={"enabled": False})), [{"id": "a", "quotes": ["pay rent"]}],
                      {"lease": "Pay rent."}))
block = bytearray(1 << 20)  # a large block freed: glibc would raise its mmap threshold to its size
del block
base = rss()
large, kept = [], []
for _ in range(200):  # blocks of 300 kB, each with a smaller long-lived one after it (written: resident)
    large.append(b"x" * 300_000)
    kept.append(b"y" * 60_000)
del large
print(rss() - base)
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="glibc's malloc: Linux only")
def test_a_batch_process_gives_its_large_freed_blocks_back():
    # issue 14: a batch run frees large blocks all the time (texts read again, a quote's arrays, index
    # builds); glibc then serves blocks of that size from its heap, where long-lived objects pin the holes
    # and the resident size grows over the run. verify_batch fixes the mmap threshold for its process.
    from quote_guard.scale.heap import fix_mmap_threshold

    def held(mode: str) -> int:
        out = subprocess.run([sys.executable, "-c", _HEAP_PROBE, mode], capture_output=True, text=True, check=True,
                             timeout=120)
        return int(out.stdout.split()[-1])

    assert fix_mmap_threshold() is True and fix_mmap_threshold() is True  # glibc here; once, then the same answer
    plain, batch = held("plain"), held("batch")
    assert plain - batch >= 30, (plain, batch)  # MiB still held after 60 MB were freed (12 MB kept on purpose)


def test_two_workers_equal_one_even_when_a_worker_is_killed(corpus):
    items = _items(corpus, 240)
    one = _lines(verify_local(items, corpus, workers=1, config=CONFIG, chunk_size=8))
    pools: list[list[int]] = []
    run = verify_local(items, corpus, workers=2, config=CONFIG, chunk_size=8, on_pool=pools.append)
    two = [next(run).to_json()]
    os.kill(pools[0][0], signal.SIGKILL)  # mid-run: chunks are in flight on both workers
    two += [r.to_json() for r in run]
    assert len(pools) >= 2, "the killed worker's pool was rebuilt"
    assert two == one


def _calls(corpus, n: int) -> list[tuple[list[str], list[str]]]:
    items = _items(corpus, n, seed=5)
    return [([str(q) for it in items[k : k + 5] for q in it["quotes"]], list(items[k]["sources"]))  # type: ignore[union-attr]
            for k in range(0, n, 5)]


def test_verify_calls_on_workers_equal_a_serial_loop(corpus):
    calls = _calls(corpus, 60)
    v = Verifier(CONFIG)
    serial = [v.verify(q, [Source(s, corpus[s]) for s in ids] or [Source(k, t) for k, t in corpus.items()])
              for q, ids in calls]
    assert list(verify_calls(calls, corpus, workers=2, config=CONFIG)) == serial
    with pytest.raises(Exception, match=r"call #2 failed: source 'gone' not in the store"):
        list(verify_calls([(["a b c"], []), (["a b c"], ["gone"])], corpus, workers=1, config=CONFIG))


def test_results_survive_the_json_round_trip(corpus):
    for r in verify_batch(Verifier(CONFIG), _items(corpus, 16), corpus):
        for x in r.results:
            assert result_from_dict(json.loads(json.dumps(x.to_dict()))) == x


def test_workers_must_be_positive(corpus):
    with pytest.raises(ValueError, match="workers must be at least 1"):
        list(verify_local([], corpus, workers=0))


# --------------------------------------------------------------------------- Ray


@pytest.fixture(scope="session")
def ray_cluster(tmp_path_factory):
    """One local Ray cluster for the session (it holds ~800 MB), bound to 127.0.0.1."""
    os.environ["RAY_USAGE_STATS_ENABLED"] = "0"
    os.environ["RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER"] = "0"  # single machine: 127.0.0.1, read at import
    ray = pytest.importorskip("ray")
    from quote_guard.scale import ray as qray

    temp = tmp_path_factory.mktemp("ray")
    qray.connect(num_cpus=2, temp_dir=str(temp))
    yield ray
    ray.shutdown()


def _actor_pids() -> list[int]:
    pids = []
    for p in Path("/proc").iterdir():
        if p.name.isdigit():
            try:
                cmd = (p / "cmdline").read_bytes()
            except OSError:
                continue
            if b"VerifyActor" in cmd:
                pids.append(int(p.name))
    return pids


@pytest.mark.slow
def test_ray_gives_the_local_results_and_binds_to_loopback(ray_cluster, corpus, tmp_path):
    from quote_guard.scale.ray import verify_dataset, write_results

    items = _items(corpus, 60)
    items.append({"id": "lost", "quotes": ["x y z"], "sources": ["nope.txt"]})
    local = _lines(verify_local(items, corpus, workers=1, config=CONFIG, chunk_size=8))
    # Ray batches of 13 rows cut across the chunks of 8: the results do not depend on it
    ds = verify_dataset(items, corpus, CONFIG, actors=2, chunk_size=8, batch_rows=13, progress=False)
    assert write_results(ds, tmp_path / "out.jsonl") == len(items)
    assert (tmp_path / "out.jsonl").read_text(encoding="utf-8").splitlines() == local
    assert json.loads(local[-1])["error"].startswith("source 'nope.txt' not in the store")
    # Parquet: the same records
    import pyarrow.parquet as pq

    assert write_results(ds, tmp_path / "out.parquet") == len(items)
    table = pq.read_table(tmp_path / "out.parquet").sort_by("position")
    assert table.column("record").to_pylist() == local
    nodes = ray_cluster.nodes()
    assert nodes and all(n["NodeManagerAddress"] == "127.0.0.1" for n in nodes)


@pytest.mark.slow
def test_verify_calls_on_ray_equal_the_local_pool(ray_cluster, corpus):
    calls = _calls(corpus, 40)
    assert list(verify_calls(calls, corpus, workers=2, engine="ray", config=CONFIG)) == \
        list(verify_calls(calls, corpus, workers=1, config=CONFIG))


@pytest.mark.slow
def test_a_killed_ray_actor_loses_nothing(ray_cluster, corpus, tmp_path):
    from quote_guard.scale.ray import iter_records, verify_dataset

    items = _items(corpus, 2400, seed=11)  # long enough a run to kill an actor in it
    local = _lines(verify_local(items, corpus, workers=1, config=CONFIG, chunk_size=4))
    (tmp_path / "src").mkdir()
    for name, text in corpus.items():
        (tmp_path / "src" / name).write_text(text, encoding="utf-8")
    killed: list[float] = []
    earlier = set(_actor_pids())  # actors of an earlier test, on their way out

    def kill_one() -> None:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and not killed:
            pids = [p for p in _actor_pids() if p not in earlier]
            if pids:
                time.sleep(0.3)  # let it take a batch
                try:
                    os.kill(pids[0], signal.SIGKILL)
                except ProcessLookupError:  # gone meanwhile: look again
                    continue
                killed.append(time.monotonic())
            time.sleep(0.05)

    killer = threading.Thread(target=kill_one, daemon=True)
    killer.start()
    ds = verify_dataset(items, tmp_path / "src", CONFIG, actors=2, chunk_size=4, batch_rows=40, progress=False)
    rows = [r["record"] for r in iter_records(ds)]
    finished = time.monotonic()
    killer.join(timeout=1)
    assert killed and killed[0] < finished, "no actor was killed mid-run: the run ended first"
    assert rows == local


# --------------------------------------------------------------------------- the command line


def test_cli_workers_give_the_one_worker_output(corpus, tmp_path, monkeypatch):
    import warnings

    from quote_guard import cli

    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message=r".*will be removed in Click 9", category=DeprecationWarning)
        from typer.testing import CliRunner
    monkeypatch.chdir(tmp_path)
    (tmp_path / "docs").mkdir()
    for name, text in corpus.items():
        (tmp_path / "docs" / name).write_text(text, encoding="utf-8")
    items = _items(corpus, 90)
    (tmp_path / "q.jsonl").write_text("".join(
        json.dumps({"quote": it["quotes"][0], **({"source": f"docs/{it['sources'][0]}"} if it["sources"] else {})}) + "\n"
        for it in items), encoding="utf-8")
    outputs = []
    for n, (workers, extra) in enumerate([("1", []), ("2", []), ("2", ["--index-cache", "idx"]), ("1", ["--index-cache", "idx"])]):
        out = tmp_path / f"out{n}.jsonl"
        res = CliRunner().invoke(cli.app, ["verify", "docs", "--quotes", "q.jsonl", "--out", str(out), "--no-semantic",
                                           "--fail-on", "none", "--batch-size", "16", "--workers", workers, *extra])
        assert res.exit_code == 0, res.output
        # byte for byte, minus the run manifest (it holds the start time)
        outputs.append([line for line in out.read_text(encoding="utf-8").splitlines() if '"manifest"' not in line])
    assert len(outputs[0]) >= 90 and outputs[0] == outputs[1] == outputs[2] == outputs[3]
    assert len(list((tmp_path / "idx").glob("*.npz"))) == len(corpus)  # kept for later runs


# --------------------------------------------------------------------------- index cache


def test_the_index_cache_keeps_loads_and_rebuilds_what_it_cannot_read(corpus, tmp_path, caplog):
    from quote_guard.index import clear_cache
    from quote_guard.normalize import fold
    from quote_guard.scale.cache import IndexCache

    cache = IndexCache(tmp_path / "idx")
    texts = list(corpus.values())[:3]
    assert cache.warm(texts) == 3 and cache.warm(texts) == 0
    assert len(list((tmp_path / "idx").glob("*.npz"))) == 3
    clear_cache()
    loaded = cache.load(texts[0])
    assert loaded is not None and loaded.text == fold(texts[0]).text
    assert loaded.folded.to_original(5, 60) == fold(texts[0]).to_original(5, 60)
    assert cache.load("a text never kept") is None
    cache.file_of(texts[1]).write_bytes(b"not an npz file")
    assert cache.load(texts[1]) is None and "unreadable" in caplog.text
    from quote_guard.index import set_index_loader

    def other(text: str) -> None:
        return None

    set_index_loader(other)
    try:
        cache.install()
        cache.uninstall()  # gives back the loader it replaced
        assert set_index_loader(None) is other
    finally:
        set_index_loader(None)
    with pytest.raises(SourceError, match="index cache .*cannot create the folder"):
        IndexCache(tmp_path / "idx" / cache.file_of(texts[0]).name / "sub")


def test_workers_sharing_an_index_cache_give_the_results_of_one(corpus, tmp_path):
    from quote_guard.index import clear_cache

    items = _items(corpus, 120)
    clear_cache()
    plain = _lines(verify_local(items, corpus, workers=1, config=CONFIG, chunk_size=8, index_cache=None))
    folder = tmp_path / "indexes"
    two = _lines(verify_local(items, corpus, workers=2, config=CONFIG, chunk_size=8, index_cache=folder))
    assert two == plain
    kept = {p.name: p.stat().st_mtime_ns for p in folder.glob("*.npz")}
    assert len(kept) == len(corpus)  # one per document, each built by one worker only
    clear_cache()  # a later run in this process reads them instead of building
    again = _lines(verify_local(items, corpus, workers=1, config=CONFIG, chunk_size=8, index_cache=folder))
    assert again == plain
    assert {p.name: p.stat().st_mtime_ns for p in folder.glob("*.npz")} == kept
