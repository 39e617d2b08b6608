#!/usr/bin/env bash
# The install test (CTest `install-tree`): installs a built Loom into a
# temporary prefix, moves the prefix elsewhere (so nothing may depend on the
# path it was installed to), checks that no installed file refers to the build
# or the source tree, then builds tests/install/project against it twice —
# with CMake (find_package(Loom), loom_add_executable) and with a plain
# Makefile (CXX=<prefix>/bin/loom-clang++) — from a copy outside the source
# tree, and runs each program under LOOM_BACKEND=emu LOOM_OFFLOAD=mandatory
# (and host) expecting PASS with every kernel run on emu. Then builds the
# samples the same two ways (samples/standalone with CMake: all of them;
# samples/Makefile with make: the subset SAMPLES_MADE) from a copy outside the
# source tree and runs them. Finally checks that loom_add_executable
# refuses a project whose compiler is not Loom's driver.
#
# Usage: check-install.sh <build dir> <source root>
set -euo pipefail
build="$(cd "$1" && pwd)"
source_root="$(cd "$2" && pwd)"
project="$source_root/tests/install/project"
# The caller's policy must not leak into the runs checked here.
unset LOOM_BACKEND LOOM_OFFLOAD LOOM_REPORT LOOM_TRACE LOOM_FABRIC

work="$(mktemp -d "${TMPDIR:-/tmp}/loom-install-test.XXXXXX")"
trap 'rm -rf "$work"' EXIT
fail() {
  echo "install-tree: FAIL: $*" >&2
  exit 1
}

echo "--- cmake --install $build --prefix $work/staging"
cmake --install "$build" --prefix "$work/staging" >"$work/install.log" ||
  { cat "$work/install.log"; fail "cmake --install failed"; }
mv "$work/staging" "$work/loom"
prefix="$work/loom"

for file in bin/loom-clang++ bin/loom-clang bin/loom-fabric \
            lib/LoomPlugin.so lib/libloomrt.so \
            include/loom/loom.h include/loom/loomrt.h \
            lib/cmake/Loom/LoomConfig.cmake \
            lib/cmake/Loom/LoomConfigVersion.cmake \
            lib/cmake/Loom/LoomTargets.cmake \
            lib/cmake/Loom/LoomFunctions.cmake; do
  [ -e "$prefix/$file" ] || fail "$file is not installed"
done
[ "$(readlink "$prefix/bin/loom-clang")" = loom-clang++ ] ||
  fail "bin/loom-clang is not a link to loom-clang++"
# Only what a user needs: no internal static library.
archives="$(find "$prefix" -name '*.a')"
[ -z "$archives" ] || fail "static libraries installed: $archives"
# No installed file (binaries included: RUNPATH, embedded paths) may name
# the build tree, the source tree or the staging prefix.
for tree in "$build" "$source_root" "$work/staging"; do
  if grep -rlF "$tree" "$prefix"; then
    fail "the installed files above refer to $tree"
  fi
done

# The user's project, copied out of the source tree.
cp -r "$project" "$work/project"

# Runs one built program on emu (mandatory) and on host; the kernels named
# after it (and no other) must each have run once on the backend asked for.
run_program() {
  local exe="$1" backend
  shift
  local kernels="$*"
  for backend in emu host; do
    echo "--- LOOM_BACKEND=$backend LOOM_OFFLOAD=mandatory $exe"
    local status=0
    LOOM_BACKEND=$backend LOOM_OFFLOAD=mandatory \
      LOOM_REPORT="$work/report.json" "$exe" >"$work/run.out" 2>&1 ||
      status=$?
    if [ "$status" -ne 0 ]; then
      cat "$work/run.out"
      fail "$exe exited with $status on $backend"
    fi
    cat "$work/run.out"
    grep -qx PASS "$work/run.out" || fail "$exe did not print PASS on $backend"
    python3 - "$work/report.json" "$backend" $kernels <<'EOF' ||
import json, sys
kernels = json.load(open(sys.argv[1]))["kernels"]
names = sorted(k["name"] for k in kernels)
assert names == sorted(sys.argv[3:]), names
for k in kernels:
    assert k["ran_on"] == {sys.argv[2]: 1}, (k["name"], k["ran_on"])
EOF
      fail "$exe: the report does not show $kernels run once on $backend"
    # The runtime the program loads is the installed one.
    local libraries
    libraries="$(ldd "$exe")"
    grep -qF "libloomrt.so => $prefix/lib/libloomrt.so " <<<"$libraries" ||
      { echo "$libraries"; fail "$exe does not load $prefix/lib/libloomrt.so"; }
  done
}

generator=()
if command -v ninja >/dev/null 2>&1; then
  generator=(-G Ninja)
fi
echo "--- CMake: find_package(Loom), loom_add_executable"
cmake -S "$work/project" -B "$work/cmake-build" "${generator[@]}" \
  -DCMAKE_BUILD_TYPE=Release -DLoom_DIR="$prefix/lib/cmake/Loom" \
  -DCMAKE_CXX_COMPILER="$prefix/bin/loom-clang++" >"$work/configure.log" 2>&1 ||
  { cat "$work/configure.log"; fail "configuring the project failed"; }
cmake --build "$work/cmake-build" ||
  fail "building the project with CMake failed"
run_program "$work/cmake-build/scale_dot" dot scaleAdd
run_program "$work/cmake-build/scale_dot_mandatory" dot scaleAdd

echo "--- make CXX=$prefix/bin/loom-clang++"
make -C "$work/project" CXX="$prefix/bin/loom-clang++" ||
  fail "building the project with make failed"
run_program "$work/project/scale_dot" dot scaleAdd

# The C driver, called through a link that lives outside the prefix: the
# driver resolves its own location and takes C mode from the name.
echo "--- loom-clang through a symbolic link outside the prefix"
mkdir "$work/links"
ln -s "$prefix/bin/loom-clang" "$work/links/loom-clang"
"$work/links/loom-clang" -O2 "$work/project/add_one.c" -o "$work/add_one" ||
  fail "compiling add_one.c with loom-clang failed"
run_program "$work/add_one" addOne

# The samples, built as a user builds them. Every sample is built with CMake
# and run (measured: about 30 s for the twenty compiles on a 2-core machine
# under load, ~1.5 s each; their small runs take about a second in all).
# With make only a representative subset is built, to keep the test near a
# minute: a streaming kernel (vecadd), a nest with an in-order reduction
# (gemm) and an indirect read-modify-write (histogram); their checksums must
# equal the CMake builds'.
SAMPLES_MADE=(vecadd gemm histogram)
mkdir "$work/samples"
cp -r "$source_root/samples/cpp" "$source_root/samples/standalone" \
  "$source_root/samples/Makefile" "$work/samples/"
rm -rf "$work/samples/bin"

# Runs one sample in its small mode on emu (mandatory): it must exit with 0,
# print "<name>: PASS", run at least one kernel and every launch on emu, and
# load the installed runtime. Prints its checksum line on fd 3.
run_sample() {
  local exe="$1" name="$2"
  echo "--- LOOM_BACKEND=emu LOOM_OFFLOAD=mandatory $exe --small"
  local status=0
  LOOM_BACKEND=emu LOOM_OFFLOAD=mandatory LOOM_REPORT="$work/report.json" \
    "$exe" --small >"$work/run.out" 2>&1 || status=$?
  cat "$work/run.out"
  [ "$status" -eq 0 ] || fail "$exe exited with $status on emu"
  grep -qx "$name: PASS" "$work/run.out" ||
    fail "$exe did not print '$name: PASS' on emu"
  python3 - "$work/report.json" <<'EOF' ||
import json, sys
kernels = json.load(open(sys.argv[1]))["kernels"]
assert sum(k["launches"] for k in kernels) > 0, "no kernel ran"
for k in kernels:
    if k["launches"]:
        assert k["ran_on"] == {"emu": k["launches"]}, (k["name"], k["ran_on"])
EOF
    fail "$exe: the report does not show every launch run on emu"
  grep -qF "libloomrt.so => $prefix/lib/libloomrt.so " <<<"$(ldd "$exe")" ||
    fail "$exe does not load $prefix/lib/libloomrt.so"
  grep "^$name: checksum " "$work/run.out" >&3 ||
    fail "$exe printed no checksum line"
}

echo "--- CMake: samples/standalone"
cmake -S "$work/samples/standalone" -B "$work/samples-cmake" \
  "${generator[@]}" -DLoom_DIR="$prefix/lib/cmake/Loom" \
  -DCMAKE_CXX_COMPILER="$prefix/bin/loom-clang++" \
  >"$work/samples-configure.log" 2>&1 ||
  { cat "$work/samples-configure.log"; fail "configuring the samples failed"; }
cmake --build "$work/samples-cmake" ||
  fail "building the samples with CMake failed"
for source in "$work"/samples/cpp/*.cpp; do
  name="$(basename "$source" .cpp)"
  run_sample "$work/samples-cmake/$name" "$name" 3>"$work/$name.cmake.sum"
done

echo "--- make -C samples CXX=$prefix/bin/loom-clang++"
make -C "$work/samples" CXX="$prefix/bin/loom-clang++" "${SAMPLES_MADE[@]}" ||
  fail "building the samples with make failed"
for name in "${SAMPLES_MADE[@]}"; do
  run_sample "$work/samples/bin/$name" "$name" 3>"$work/$name.make.sum"
  # Both builds compute the same results.
  cmp -s "$work/$name.cmake.sum" "$work/$name.make.sum" ||
    fail "$name: the CMake and the make build print different checksums"
done

echo "--- loom_add_executable with a compiler that is not loom-clang++"
if cmake -S "$work/project" -B "$work/wrong-compiler" "${generator[@]}" \
     -DLoom_DIR="$prefix/lib/cmake/Loom" \
     -DCMAKE_CXX_COMPILER=/usr/lib/llvm-22/bin/clang++ >"$work/wrong.log" 2>&1; then
  fail "a project compiled by clang++ was accepted by loom_add_executable"
fi
tr -s ' \n' ' ' <"$work/wrong.log" >"$work/wrong.txt"
grep -qF "loom_add_executable(scale_dot): the CXX compiler is '/usr/lib/llvm-22/bin/clang++', not Loom's driver '$prefix/bin/loom-clang++'" "$work/wrong.txt" ||
  { cat "$work/wrong.log"; fail "no diagnostic naming the compiler"; }
echo "install-tree: PASS"
