// The face-clipping contact manifold with feature ids, as game-physics engines build it [Gre15]
// (written from that description): the baseline the contact-set tracker is measured against.
#pragma once

#include "algorithms/contact_sets/contact_set.hpp"

namespace touchstone::clipping_manifold {

struct Options {
  double epsilon = 1e-3;  // contact margin: points separated by more are not kept
  // Axis choice hysteresis: an edge–edge axis wins only when it separates by this much more than
  // the best face axis; B's face is the reference unless A's separates by this much more.
  double slop = 1e-6;
};

ContactSetInfo info();
std::unique_ptr<ContactSetTracker> make(const Options& options);

}  // namespace touchstone::clipping_manifold
