# Each target does its own setup: a fresh clone needs only `make demo` or `make test`.
.PHONY: setup demo test bench bench-real-habits bench-handwritten fuzz lint

export HF_HUB_OFFLINE := 1
export TRANSFORMERS_OFFLINE := 1
export LITELLM_LOCAL_MODEL_COST_MAP := True
export RAGAS_DO_NOT_TRACK := true
export RAY_USAGE_STATS_ENABLED := 0

setup:
	@bash scripts/setup.sh

demo: setup
	.venv/bin/quote-guard demo

test: setup
	.venv/bin/python -m pytest -q

bench: setup
	.venv/bin/python benchmarks/run_bench.py

bench-real-habits: setup
	.venv/bin/python benchmarks/run_real_habits.py

bench-handwritten: setup
	.venv/bin/python benchmarks/run_handwritten.py --show-misses
	for f in handwritten_tune2 handwritten_tune3a handwritten_tune3b handwritten_tune4 handwritten_tune5 handwritten_tune6 handwritten_tune7 handwritten_tune8a handwritten_tune8b handwritten_tune9a handwritten_tune9b handwritten_tune10a handwritten_tune10b handwritten_tune11a handwritten_tune11b handwritten_tune12a handwritten_tune12b handwritten_tune13a handwritten_tune13b handwritten_tune13c handwritten_tune14a handwritten_tune14b handwritten_tune14c handwritten_tune15a handwritten_tune15b handwritten_tune15c handwritten_tune16a handwritten_tune16b handwritten_tune16c handwritten_tune17a handwritten_tune17b handwritten_tune17c handwritten_tune18a handwritten_tune18b handwritten_tune18c handwritten_tune19a handwritten_tune19b handwritten_tune20a handwritten_tune20b handwritten_tune21a handwritten_tune21b handwritten_tune22a handwritten_tune22b handwritten_tune22c handwritten_tune23a handwritten_tune23b handwritten_tune24a handwritten_tune24b handwritten_tune24c handwritten_tune25a handwritten_tune25b handwritten_tune26a handwritten_tune26b handwritten_tune27a handwritten_tune27b handwritten_tune28a handwritten_tune28b handwritten_tune29a handwritten_tune29b handwritten_tune30a handwritten_tune30b handwritten_tune31a handwritten_tune31b handwritten_tune32a handwritten_tune32b handwritten_tune33a handwritten_tune33b handwritten_tune34a handwritten_tune34b handwritten_tune35a handwritten_tune35b handwritten_tune36a handwritten_tune36b handwritten_tune37a handwritten_tune37b handwritten_tune37c handwritten_tune38a handwritten_tune38b handwritten_tune38c handwritten_tune39a handwritten_tune39b handwritten_tune39c handwritten_tune40a handwritten_tune40b handwritten_tune40c handwritten_tune40d handwritten_tune40e handwritten_tune40f handwritten_tune40g handwritten_tune41a handwritten_tune41b handwritten_tune41c handwritten_tune41d handwritten_tune41e handwritten_tune41f; do \
	  .venv/bin/python benchmarks/run_handwritten.py --show-misses --items benchmarks/$$f.json || exit 1; done
	for f in handwritten_heldout handwritten_heldout2 handwritten_heldout3 handwritten_heldout4 handwritten_heldout5 handwritten_heldout6 handwritten_heldout7 handwritten_heldout8 handwritten_heldout9 handwritten_heldout10 handwritten_heldout11 handwritten_heldout12 handwritten_heldout13 handwritten_heldout14 handwritten_heldout15 handwritten_heldout16 handwritten_heldout17 handwritten_heldout18 handwritten_heldout19 handwritten_heldout20 handwritten_heldout21 handwritten_heldout22 handwritten_heldout23 handwritten_heldout24 handwritten_heldout25 handwritten_heldout26 handwritten_heldout27 handwritten_heldout28 handwritten_heldout29 handwritten_heldout30 handwritten_heldout31 handwritten_heldout32 handwritten_heldout33 handwritten_heldout34 handwritten_heldout35 handwritten_heldout37 handwritten_heldout38 handwritten_heldout39 handwritten_heldout40 handwritten_heldout41 handwritten_heldout42 handwritten_heldout43 handwritten_heldout44 handwritten_heldout45; do \
	  .venv/bin/python benchmarks/run_handwritten.py --items benchmarks/$$f.json || exit 1; done

fuzz: setup
	.venv/bin/python scripts/fuzz.py --seconds 60

lint: setup
	.venv/bin/ruff check quote_guard tests
	.venv/bin/mypy
