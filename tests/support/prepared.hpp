// The prepare() of test-only algorithms that keep nothing per shape but the shape itself.
#pragma once

#include <memory>

#include "algorithms/proximity/proximity.hpp"

namespace touchstone::test_support {

inline std::unique_ptr<PreparedShape> bare_prepared(const Polytope& shape) {
  auto p = std::make_unique<PreparedShape>();
  p->polytope = &shape;
  return p;
}

}  // namespace touchstone::test_support
