// libFuzzer target: the B-rep builder, from_faces and the exact convex hull (input format:
// fuzz_support.hpp, polytope_from_bytes). The only exception allowed out is GeometryError; a
// built polytope must be consistent (its edges' faces and vertices exist; a segment's edge has no
// face).
#include <cstddef>
#include <cstdint>

#include "tests/fuzz/fuzz_support.hpp"

namespace {

void check(const touchstone::Polytope& p) {
  const int nv = static_cast<int>(p.vertices().size());
  const int nf = static_cast<int>(p.faces().size());
  // A segment's one edge has no face on either side (polytope.hpp); every other edge has two.
  const bool faceless = p.dimension() == 1;
  auto bad_face = [&](int f) { return faceless ? f != -1 : f < 0 || f >= nf; };
  for (const touchstone::Edge& e : p.edges())
    if (e.tail < 0 || e.tail >= nv || e.head < 0 || e.head >= nv || bad_face(e.left_face) ||
        bad_face(e.right_face))
      __builtin_trap();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  try {
    check(touchstone::fuzz::polytope_from_bytes(data, size));
  } catch (const touchstone::GeometryError&) {
  }
  return 0;
}
