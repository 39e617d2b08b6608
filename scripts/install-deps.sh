#!/usr/bin/env bash
# Installs what Loom needs from the distribution packages (build-notes.md).
# A no-op when everything is already installed.
set -euo pipefail

packages=(
  llvm-22-dev libmlir-22-dev mlir-22-tools clang-22 libclang-22-dev
  libclang-cpp22-dev libffi-dev googletest libgtest-dev ninja-build cmake
  ccache python3
)

missing=()
for pkg in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$pkg")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

echo "install-deps: installing ${missing[*]}"
sudo=""
if [ "$(id -u)" -ne 0 ]; then
  sudo="sudo"
fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -q
$sudo apt-get install -y -q "${missing[@]}"
