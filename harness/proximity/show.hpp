// `touchstone show` for proximity cases (docs/show.md; the command and the page:
// harness/common/show.hpp). The two solids at their poses; the exact reference as
// `touchstone proximity` obtains it (harness/proximity/runner.hpp: cache first, else computed):
// its closest points or, for a penetrating pair, the depth as the move of B along its direction;
// and, given a report of `touchstone proximity`, each algorithm's answer: its witness points, its
// closest features on each solid at its pose, its penetration depth and direction. An answer item
// is marked as differing, and the exact item it answers as not matched, when the verifier's check
// of it (harness/proximity/verifier.hpp, as the report records it) did not pass: witness_a,
// witness_b, witness_gap and distance (the gap the witnesses claim) for the witness points,
// features for the features, depth for the depth; for the exact item, any of those or relation. So
// the marks are the verifier's verdicts, drawn; the page recomputes none of them.
#pragma once

#include "harness/common/show.hpp"

namespace touchstone {

// Proximity cases and reports of `touchstone proximity` (alias run), for run_show_command.
ShowKind proximity_show_kind();

}  // namespace touchstone
