// Small helpers the proximity algorithms and peers share when they build a ProximityResult.
#pragma once

#include <string>
#include <utility>

#include "algorithms/proximity/proximity.hpp"

namespace touchstone {

// A query that failed: `reason` says why, after `iterations` iterations.
inline ProximityResult failed_result(std::string reason, int iterations = 0) {
  ProximityResult r;
  r.status = QueryStatus::failed;
  r.reason = std::move(reason);
  r.iterations = iterations;
  return r;
}

}  // namespace touchstone
