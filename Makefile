# `make play` plays, `make test` tests; both create .venv from the pinned requirements on first use.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: play test lint typecheck pytest bench fast fonts tile-preview clean dist measure icon bench-frame bench-idle teach train

$(VENV)/.runtime: requirements.txt
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -r requirements.txt
	touch $@

$(VENV)/.dev: requirements-dev.txt requirements.txt $(VENV)/.runtime
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -r requirements-dev.txt
	touch $@

play: $(VENV)/.runtime
	$(BIN)/python main.py

lint: $(VENV)/.dev
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/actionlint .github/workflows/*.yml

typecheck: $(VENV)/.dev
	$(BIN)/mypy

# The tests run the compiled rollout path when a C compiler is at hand (and check it against the Python one).
pytest: $(VENV)/.dev
	$(BIN)/python build/compile_fast.py --if-possible
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(BIN)/python -m pytest -n auto -q

test: lint typecheck pytest

bench: $(VENV)/.dev
	$(BIN)/python build/compile_fast.py --if-possible
	$(BIN)/python main.py bench

# Compile the rollout path with mypyc (needs a C compiler); `make play` then uses it: the expert searches more.
fast: $(VENV)/.dev
	$(BIN)/python build/compile_fast.py

# Frame times of a 4-hand match of AIs at 1920x1080 under the dummy driver: median, p99, max, frames over 16.7 ms.
bench-frame: $(VENV)/.dev
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(BIN)/python main.py bench-frame --size 1920x1080

# CPU of the still main menu over 10 s, and resident memory after ten window resizes of a table (the real App).
bench-idle: $(VENV)/.dev
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(BIN)/python main.py bench-idle --seconds 10

# Re-subset the Chinese font to the characters the game shows (needs Debian's fonts-noto-cjk).
fonts: $(VENV)/.dev
	$(BIN)/python build/subset_font.py

tile-preview: $(VENV)/.dev
	mkdir -p build/out
	SDL_VIDEODRIVER=dummy $(BIN)/python -m ui.look.tile_preview preview build/out/tiles.png

# The standalone game: one-file and one-folder builds into dist/ (PyInstaller, build/guiyang.spec).
dist: $(VENV)/.dev
	$(BIN)/python build/compile_fast.py --if-possible
	$(BIN)/python build/build.py

# Size of each build and start time to the first frame, from source and frozen.
measure: $(VENV)/.dev
	$(BIN)/python build/measure.py

# Redraw assets/icon.png, icon.ico and icon.icns from the tile art.
icon: $(VENV)/.dev
	$(BIN)/python build/make_icon.py

# The master level's weights (assets/ai/master.*): the expert's priced decisions, then the training (development
# only: PyTorch's CPU build in its own .venv-train). The records stay out of the project, in TEACH_DATA.
TEACH_DATA ?= $(HOME)/.cache/guiyang-mahjong/teach/guiyang-classic
TEACH_DEALS ?= 16000
TRAIN := .venv-train

$(TRAIN)/.ready: requirements-train.txt requirements.txt
	test -x $(TRAIN)/bin/python || $(PYTHON) -m venv $(TRAIN)
	$(TRAIN)/bin/python -m pip install --quiet --disable-pip-version-check -r requirements-train.txt
	touch $@

teach: $(VENV)/.dev
	$(BIN)/python build/compile_fast.py --if-possible
	$(BIN)/python main.py teach --ruleset guiyang-classic --out $(TEACH_DATA) --deals $(TEACH_DEALS) --rollouts 64 --workers 2 --seed 1

train: teach $(TRAIN)/.ready
	$(TRAIN)/bin/python build/train_master.py $(TEACH_DATA) --deals $(TEACH_DEALS) --seed 1

clean:
	rm -rf $(VENV) .fast .mypy_cache .ruff_cache .pytest_cache dist build/out
