# The referee for Pentago and Pente bot competitions.
#
#   make          build build/referee and the C bots
#   make demo     install what is missing, build, and run the main job
#   make test     install what is missing, build under ASan+UBSan, run all tests
#   make bench    build optimised and print the benchmark figures
#   make bench-clock, make bench-scale   the clock and scale benchmarks
#                 (minutes each: tests/bench/CLOCK.md)
#   make bench-fair  a spinning bot against the bot on move (minutes)
#   make soak-plus  Pente Plus against its second implementation over
#                 PLUS_GAMES random games (default 200,000)
#   make fuzz     run every fuzz target for FUZZ_SECONDS (default 60) each
#   make screenshots  the README's pictures of the pages (tests/screenshots/)
#   make test-slurm  events as Slurm job arrays on a private one-node
#                 cluster against one machine's tables (tests/slurm/run.sh)
#   make starters the compiled starter bots for authors (bots/starters/)
#   make install, make uninstall   PREFIX (/usr/local) and DESTDIR: the
#                 referee, the bundled bots, referee(1), PROTOCOL.md and
#                 RULES.md; make man writes the man page alone
#   make clean
#
# Release objects go to build/, sanitizer objects to build/test/.

CC       ?= cc
CSTD     := -std=c11 -D_GNU_SOURCE
WARN     := -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes \
            -Wmissing-prototypes -Wpointer-arith -Wformat=2 -Wundef \
            -Wcast-align -Wvla -Wnull-dereference -Wno-format-nonliteral
INCLUDES := -Ireferee -Ireferee/rules -Iprotocol -Itests
CFLAGS_COMMON := $(CSTD) $(WARN) $(INCLUDES) -pthread -MMD -MP
OPT      := -O2 -g
SANITIZE := -fsanitize=address,undefined -fno-omit-frame-pointer \
            -fno-sanitize-recover=all
LIBS     := -lev -lyaml -lseccomp -lm -pthread

DEPS_PKGS := libev-dev libyaml-dev libcriterion-dev libseccomp-dev tmux
TEST_PKGS := chromium

# Library: every module under referee/ and protocol/ except the program's main.
LIB_SRC  := $(filter-out referee/cli/main.c, \
              $(wildcard referee/*/*.c) $(wildcard protocol/*.c))
MAIN_SRC := referee/cli/main.c
BOT_SRC  := $(wildcard bots/c/*.c)
TEST_SRC := $(wildcard tests/unit/*.c) $(wildcard tests/support/*.c) \
            $(wildcard tests/fuzz/*.c)
REF_SRC  := $(wildcard tests/ref/*.c)
TBOT_SRC := $(wildcard tests/bots/*.c)
PBOT_SRC := $(wildcard tests/bots/plain/*.c)
BENCH_SRC := $(wildcard tests/bench/*.c)

BUILD ?= build
REL := $(BUILD)
TST := $(BUILD)/test

obj = $(patsubst %.c,$(1)/obj/%.o,$(2))

# The viewer's script and style, compiled in: referee/view/viewer.js and
# viewer.css stay readable files; embed.awk turns each into a C string in
# $(BUILD)/gen/ (referee/view/view_assets.h), which every build of the
# library compiles like its other sources.  awk only: a clean Debian has
# it (mawk), not necessarily xxd.
GEN     := $(BUILD)/gen
GEN_SRC := $(GEN)/view_viewer_js.c $(GEN)/view_viewer_css.c
gen_obj = $(patsubst $(GEN)/%.c,$(1)/obj/gen/%.o,$(GEN_SRC))

$(GEN)/view_viewer_%.c: referee/view/viewer.% referee/view/embed.awk
	@mkdir -p $(dir $@)
	awk -v name=view_viewer_$* -f referee/view/embed.awk $< > $@.tmp \
	  || { rm -f $@.tmp; exit 1; }
	mv -f $@.tmp $@

.PHONY: all demo test bench fuzz deps test-deps clean
all: $(REL)/referee bots

# ---- dependencies -----------------------------------------------------------
# Install the Debian packages that are missing (as root), or name them.
# $(1) the packages; $(2) the command run when they cannot be had: exit 1
# when the build needs them, a message when only tests do (they skip).
define install_missing
	@missing=""; \
	for p in $(1); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q 'ok installed' \
	    || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "installing:$$missing"; \
	    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive \
	      apt-get install -y -qq $$missing) >/dev/null \
	      || { echo "could not install:$$missing"; $(2); }; \
	  else \
	    echo "missing packages:$$missing"; \
	    echo "install them with: sudo apt-get install$$missing"; $(2); \
	  fi; \
	fi
endef

deps:
	$(call install_missing,$(DEPS_PKGS),exit 1)

# What only make test needs: Chromium, for the tests that open the pages
# the referee writes (tests/unit/test_browser.c); they skip, saying so,
# without it.  After deps, so that two apt-get never run at once.
test-deps: deps
	$(call install_missing,$(TEST_PKGS),echo "the browser tests will be skipped")

# ---- release build ------------------------------------------------------------
$(REL)/obj/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_COMMON) $(OPT) -c $< -o $@

$(REL)/obj/gen/%.o: $(GEN)/%.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_COMMON) $(OPT) -c $< -o $@

$(REL)/libreferee.a: $(call obj,$(REL),$(LIB_SRC)) $(call gen_obj,$(REL))
	ar rcs $@ $^

$(REL)/referee: $(call obj,$(REL),$(MAIN_SRC)) $(REL)/libreferee.a
	$(CC) $(OPT) -o $@ $^ $(LIBS)

$(REL)/bots/%: $(REL)/obj/bots/c/%.o $(REL)/libreferee.a
	@mkdir -p $(dir $@)
	$(CC) $(OPT) -o $@ $^ $(LIBS)

bots: $(patsubst bots/c/%.c,$(REL)/bots/%,$(BOT_SRC))
.PHONY: bots

# The main job: the demo event between the bundled C bots (the Swiss
# format: two groups of four, then semi-finals and a final), from scratch.
demo: deps
	@$(MAKE) --no-print-directory all
	rm -rf matches/demo-swiss results/demo-swiss
	./$(REL)/referee event referee/event/examples/demo-swiss.yaml

# ---- install ------------------------------------------------------------------
# make install [PREFIX=/usr/local] [DESTDIR=]: the release build, laid out
# as users of command-line tools expect:
#   $(PREFIX)/bin/referee
#   $(PREFIX)/lib/referee/bots/         the bundled bots: the C bots built,
#       the Python, JavaScript and shell bots copied; programs to name in a
#       match, not commands, so they stay off the PATH
#   $(PREFIX)/share/man/man1/referee.1  written from the --help texts by
#       referee/cli/mkman.sh (make man: $(BUILD)/referee.1 alone)
#   $(PREFIX)/share/doc/referee/        PROTOCOL.md and RULES.md
# make uninstall removes exactly those files, then the referee's own
# directories if nothing else is left in them.
PREFIX  ?= /usr/local
DESTDIR ?=
INSTALL ?= install
INST_BIN   := $(DESTDIR)$(PREFIX)/bin
INST_LIB   := $(DESTDIR)$(PREFIX)/lib/referee
INST_BOTS  := $(INST_LIB)/bots
INST_MAN   := $(DESTDIR)$(PREFIX)/share/man/man1
INST_DOC   := $(DESTDIR)$(PREFIX)/share/doc/referee
INST_CBOTS := $(patsubst bots/c/%.c,$(REL)/bots/%,$(BOT_SRC))
INST_SBOTS := $(wildcard bots/python/*.py bots/js/*.js bots/sh/*.sh)
INST_DOCS  := protocol/PROTOCOL.md protocol/RULES.md

man: $(REL)/referee
	sh referee/cli/mkman.sh $(REL)/referee $(PREFIX) > $(REL)/referee.1.tmp \
	  || { rm -f $(REL)/referee.1.tmp; exit 1; }
	mv -f $(REL)/referee.1.tmp $(REL)/referee.1

install: man bots
	$(INSTALL) -d "$(INST_BIN)" "$(INST_BOTS)" "$(INST_MAN)" "$(INST_DOC)"
	$(INSTALL) -m 0755 $(REL)/referee "$(INST_BIN)/referee"
	$(INSTALL) -m 0755 $(INST_CBOTS) $(INST_SBOTS) "$(INST_BOTS)/"
	$(INSTALL) -m 0644 $(REL)/referee.1 "$(INST_MAN)/referee.1"
	$(INSTALL) -m 0644 $(INST_DOCS) "$(INST_DOC)/"

uninstall:
	rm -f "$(INST_BIN)/referee" "$(INST_MAN)/referee.1"
	cd "$(INST_BOTS)" 2>/dev/null && rm -f $(notdir $(INST_CBOTS) $(INST_SBOTS)) || true
	cd "$(INST_DOC)" 2>/dev/null && rm -f $(notdir $(INST_DOCS)) || true
	for d in "$(INST_BOTS)" "$(INST_LIB)" "$(INST_DOC)"; do \
	  [ ! -d "$$d" ] || rmdir "$$d" 2>/dev/null || true; done
.PHONY: man install uninstall

# ---- starter bots (bots/starters/README.md) ----------------------------------
# make starters: the compiled starter bots whose toolchain is present, into
# $(BUILD)/starters/LANG/ (world-readable, so that a sandboxed bot, which
# runs as another user, can run them); it names each toolchain it did not
# find and the Debian package that brings it.  The Python, JavaScript,
# shell and Perl starters run from bots/starters/ as they are.
STR := $(BUILD)/starters
starter_have = $(shell command -v $(1) 2>/dev/null)
STARTER_BINS := $(STR)/c/starter \
  $(if $(call starter_have,go),$(STR)/go/starter) \
  $(if $(call starter_have,rustc),$(STR)/rust/starter) \
  $(if $(call starter_have,javac),$(STR)/java/Starter.class)

$(STR)/c/starter: bots/starters/c/starter.c
	@mkdir -p $(dir $@)
	$(CC) -O2 -o $@ $<
$(STR)/go/starter: bots/starters/go/starter.go
	@mkdir -p $(dir $@)
	go build -o $@ $<
$(STR)/rust/starter: bots/starters/rust/starter.rs
	@mkdir -p $(dir $@)
	MAKEFLAGS= rustc -O -o $@ $<
$(STR)/java/Starter.class: bots/starters/java/Starter.java
	@mkdir -p $(dir $@)
	javac -d $(dir $@) $<

starters: $(STARTER_BINS)
	@chmod -R a+rX $(STR)
	@for t in "go golang-go Go" "rustc rustc Rust" \
	          "javac default-jdk-headless Java" "python3 python3 Python" \
	          "node nodejs JavaScript" "perl perl Perl" "awk mawk shell"; do \
	  set -- $$t; command -v $$1 >/dev/null 2>&1 || \
	    echo "starters: no $$1, so no $$3 starter (apt-get install $$2)"; \
	done
	@echo "starters: built in $(STR)/ (bots/starters/README.md says how to run each)"
.PHONY: starters

# ---- test build (ASan + UBSan) ----------------------------------------------
$(TST)/obj/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_COMMON) -O1 -g $(SANITIZE) -DRUN_DIR='"$(TST)/"' -c $< -o $@

$(TST)/obj/gen/%.o: $(GEN)/%.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_COMMON) -O1 -g $(SANITIZE) -c $< -o $@

$(TST)/libreferee.a: $(call obj,$(TST),$(LIB_SRC) $(REF_SRC)) \
                     $(call gen_obj,$(TST))
	ar rcs $@ $^

$(TST)/referee: $(call obj,$(TST),$(MAIN_SRC)) $(TST)/libreferee.a
	$(CC) $(SANITIZE) -o $@ $^ $(LIBS)

$(TST)/bots/%: $(TST)/obj/bots/c/%.o $(TST)/libreferee.a
	@mkdir -p $(dir $@)
	$(CC) $(SANITIZE) -o $@ $^ $(LIBS)

$(TST)/tbots/%: $(TST)/obj/tests/bots/%.o
	@mkdir -p $(dir $@)
	$(CC) $(SANITIZE) -o $@ $^

# Test bots that must run without sanitizers (resource limits).
$(TST)/pbots/%: tests/bots/plain/%.c tests/bots/tbot.h
	@mkdir -p $(dir $@)
	$(CC) $(CSTD) $(WARN) -O1 -o $@ $<

$(TST)/unit_tests: $(call obj,$(TST),$(TEST_SRC)) $(TST)/libreferee.a
	$(CC) $(SANITIZE) -o $@ $^ $(LIBS) -lcriterion

TEST_BINS := $(TST)/unit_tests $(TST)/referee \
             $(patsubst bots/c/%.c,$(TST)/bots/%,$(BOT_SRC)) \
             $(patsubst tests/bots/%.c,$(TST)/tbots/%,$(TBOT_SRC)) \
             $(patsubst tests/bots/plain/%.c,$(TST)/pbots/%,$(PBOT_SRC))

# Boxed bots get none of the referee's variables but REFEREE_BOT_*: the
# sanitizer-built bots get their options that way, leak checking off
# (LeakSanitizer stops the threads with ptrace, which a box refuses; the
# bots' leaks are checked in the tests that run them unboxed).
test: test-deps
	@$(MAKE) --no-print-directory $(TEST_BINS)
	ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 \
	LSAN_OPTIONS=suppressions=$(CURDIR)/tests/lsan.supp:print_suppressions=0 \
	UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
	REFEREE_BOT_ASAN_OPTIONS=detect_leaks=0:abort_on_error=1 \
	REFEREE_BOT_UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
	  $(abspath $(TST))/unit_tests -j2 --timeout 300

# ---- benchmarks -----------------------------------------------------------------
$(REL)/bench/%: $(REL)/obj/tests/bench/%.o $(call obj,$(REL),$(REF_SRC)) \
                $(call obj,$(REL),tests/support/naive_multi.c) \
                $(call obj,$(REL),tests/support/plus_diff.c) \
                $(REL)/libreferee.a
	@mkdir -p $(dir $@)
	$(CC) $(OPT) -o $@ $^ $(LIBS)

BENCH_BINS := $(patsubst tests/bench/%.c,$(REL)/bench/%,$(BENCH_SRC))

bench: $(BENCH_BINS) all
	@for b in $(BENCH_BINS); do ./$$b || exit 1; done

# make bench-clock (tests/bench/CLOCK.md; minutes, so not part of make
# bench): the minimal baseline referee, the preload that reports a
# process's own CPU, and release builds of the test bots it drives; kept
# outside tests/bench/*.c so that make bench neither builds nor runs them.
CLOCK_BOTS := $(REL)/bench/bots/paced_bot $(REL)/bench/bots/silent_bot
$(REL)/bench/baseline/minimal_referee: tests/bench/baseline/minimal_referee.c
	@mkdir -p $(dir $@)
	$(CC) $(CSTD) $(WARN) $(OPT) -o $@ $< -lev
$(REL)/bench/baseline/selfcpu.so: tests/bench/baseline/selfcpu.c
	@mkdir -p $(dir $@)
	$(CC) $(CSTD) $(WARN) $(OPT) -fPIC -shared -o $@ $<
$(CLOCK_BOTS): $(REL)/bench/bots/%: tests/bots/%.c tests/bots/tbot.h
	@mkdir -p $(dir $@)
	$(CC) $(CSTD) $(WARN) $(OPT) -o $@ $<
bench-clock: $(REL)/bench/baseline/minimal_referee \
             $(REL)/bench/baseline/selfcpu.so $(CLOCK_BOTS) all
	tests/bench/bench_clock.sh
.PHONY: bench-clock

# make soak-plus: Pente Plus, the engine against its second implementation
# (tests/ref/pente_plus_ref.c) over PLUS_GAMES steered random games
# (default 200,000; make bench plays 20,000 of them, make test 3,000).
PLUS_GAMES ?= 200000
soak-plus: $(REL)/bench/bench_plus_diff
	./$(REL)/bench/bench_plus_diff $(PLUS_GAMES)
.PHONY: soak-plus

# make bench-fair: whether a bot spinning hundreds of threads takes the
# processor from the bot on move (tests/bench/bench_fair_cpu.sh; minutes,
# root).  REF_OLD=referee also plays the games under another build.
$(REL)/bench/bots/cheat_bot: tests/bots/cheat_bot.c tests/bots/tbot.h
	@mkdir -p $(dir $@)
	$(CC) $(CSTD) $(WARN) $(OPT) -o $@ $< -pthread
bench-fair: $(REL)/bench/bots/cheat_bot all
	tests/bench/bench_fair_cpu.sh
.PHONY: bench-fair

# make bench-sprt: a strength test's cost beyond its games (tests/bench/README.md).
bench-sprt: all
	tests/bench/bench_sprt.sh
.PHONY: bench-sprt

# make bench-scale: N games at once (default 1000, 2,000 bot processes) in
# one referee: every game recorded, none lost on time, memory per game.
bench-scale: $(REL)/bench/bots/paced_bot all
	tests/bench/bench_scale.sh
.PHONY: bench-scale

# make test-slurm (tests/slurm/run.sh; not part of make test): a private
# single-node Slurm (slurmctld, slurmd, munge, installed when missing)
# runs events as job arrays plus a merge job (referee/slurm/) and their
# tables are compared with one machine's.  The subreaper adopts the
# slurmstepd processes so that the test can end them by pid.
$(BUILD)/slurm/subreaper: tests/slurm/subreaper.c
	@mkdir -p $(dir $@)
	$(CC) $(CSTD) $(WARN) $(OPT) -o $@ $<
test-slurm: $(BUILD)/slurm/subreaper all
	$(BUILD)/slurm/subreaper tests/slurm/run.sh $(BUILD)
.PHONY: test-slurm

# make screenshots: the README's pictures of the viewer and the event
# report (tests/screenshots/*.png, committed), taken by headless Chromium;
# not part of make test.
screenshots: all
	sh tests/screenshots/shoot.sh $(REL)
.PHONY: screenshots

# ---- fuzzing (clang's libFuzzer) ----------------------------------------------
# Each target is a function in tests/fuzz/; the corpora live in
# tests/fuzz/corpus/NAME/ (make test replays them), crashes are written to
# tests/fuzz/crashes/NAME/ and should be added to the corpus once fixed.
CLANG        ?= clang
FUZZ_SECONDS ?= 60
FUZZ_TARGETS := line moves record event
FZ           := $(BUILD)/fuzz
FUZZ_CFLAGS  := $(CFLAGS_COMMON) -g -O1 -fno-omit-frame-pointer
fuzz_src      = $(if $(filter record event,$(1)),tests/fuzz/fuzz_files.c,tests/fuzz/fuzz_$(1).c)

$(FZ)/obj/%.o: %.c
	@mkdir -p $(dir $@)
	$(CLANG) $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link,address,undefined -c $< -o $@

$(FZ)/obj/gen/%.o: $(GEN)/%.c
	@mkdir -p $(dir $@)
	$(CLANG) $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link,address,undefined -c $< -o $@

$(FZ)/libreferee.a: $(call obj,$(FZ),$(LIB_SRC)) $(call gen_obj,$(FZ))
	ar rcs $@ $^

$(FZ)/fuzz_%: $(FZ)/libreferee.a $(wildcard tests/fuzz/*.c tests/fuzz/*.h)
	$(CLANG) $(CSTD) $(WARN) $(INCLUDES) -g -O1 -fno-omit-frame-pointer \
	  -fsanitize=fuzzer,address,undefined -DFUZZ_MAIN=fuzz_$* \
	  $(call fuzz_src,$*) $(FZ)/libreferee.a -o $@ $(LIBS)

fuzz: deps $(addprefix $(FZ)/fuzz_,$(FUZZ_TARGETS))
	@for t in $(FUZZ_TARGETS); do \
	  mkdir -p tests/fuzz/corpus/$$t tests/fuzz/crashes/$$t $(FZ)/new/$$t; \
	  echo "fuzz $$t for $(FUZZ_SECONDS)s"; \
	  $(FZ)/fuzz_$$t -max_total_time=$(FUZZ_SECONDS) -max_len=8192 \
	    -artifact_prefix=tests/fuzz/crashes/$$t/ $(FZ)/new/$$t \
	    tests/fuzz/corpus/$$t 2>$(FZ)/$$t.log || \
	    { tail -40 $(FZ)/$$t.log; exit 1; }; \
	  tail -1 $(FZ)/$$t.log; \
	  $(FZ)/fuzz_$$t -merge=1 tests/fuzz/corpus/$$t $(FZ)/new/$$t \
	    2>>$(FZ)/$$t.log >/dev/null; \
	done

# Keep intermediate objects (bench and reference objects are otherwise
# deleted after linking and rebuilt every time).
.SECONDARY:

clean:
	rm -rf $(BUILD)

-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)
