#!/usr/bin/env bash
# Installs what the project needs (Debian 12 packages, only those missing) and
# builds it into build/ (Release by default; BUILD_TYPE=Debug to change,
# BUILD_DIR=... for another folder, TARGETS="a b" to build only those targets
# and what they need, extra CMake options as arguments).
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(
  cmake ninja-build g++
  libfmt-dev libcli11-dev          # formatting, command line
  libgtest-dev libgmock-dev        # tests
  libbenchmark-dev                 # benchmarks
  libeigen3-dev                    # LibTorch-free inference for exported bots
  libtorch-dev libopenblas0-openmp # networks and training (OpenBLAS: LibTorch is slow without it)
  nlohmann-json3-dev               # JSON rating tables and run configs
  libzstd-dev                      # compressed self-play shards
  libcpp-httplib-dev pkgconf       # the web board's server (junqi serve; pkg-config gives httplib's flags)
  libopenmpi-dev openmpi-bin       # training and matches over MPI (distributed/, docs/distributed.md)
  libgloo-dev                      # the Gloo headers LibTorch's data-parallel training needs (nets/torch_data_parallel.h)
  chromium                         # the web board's test in a headless browser (tests/web)
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
# Node.js and npm run the browser test (puppeteer-core from the npm registry);
# any install of them will do (Debian's nodejs and npm, or NodeSource's nodejs, which holds npm).
command -v node > /dev/null || missing+=(nodejs)
command -v npm > /dev/null || missing+=(npm)
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}"
  sudo_cmd=()
  [ "$(id -u)" -ne 0 ] && sudo_cmd=(sudo)
  "${sudo_cmd[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

build_dir=${BUILD_DIR:-build}
cmake -S . -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE="${BUILD_TYPE:-Release}" "$@" > /dev/null
read -r -a targets <<< "${TARGETS:-}"
cmake --build "$build_dir" ${targets[@]:+--target "${targets[@]}"}
