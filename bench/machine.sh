#!/usr/bin/env bash
# One line naming what a benchmark ran on: the same code gives figures 1.5-2 times apart on the two CPUs
# this machine kind has come with (bench/RESULTS.md section 2, tenth round), so every figure carries it.
set -euo pipefail
cd "$(dirname "$0")/.."
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), commit $(git rev-parse --short HEAD 2>/dev/null || echo none), load $(cut -d' ' -f1 /proc/loadavg)"
