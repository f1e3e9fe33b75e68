// The coherent Brep-index as a contact-set tracker (issue 34): each frame, the region algorithm
// regions-brepindex (seed 000 §4, algorithms/regions/brepindex) answers the frame, given the
// previous frame's regions (temporal coherence of normals, seed 000 §3 conditions (6)–(7)), and its
// regions are the contact set, each identified by its entity pair.
#pragma once

#include "algorithms/contact_sets/contact_set.hpp"

namespace touchstone::brepindex_contacts {

struct Options {
  // The ε-contact band as a length, like the other trackers' ε (regions-brepindex takes it
  // relative to the pair's size: each frame converts it).
  double epsilon = 1e-3;
  bool coherent = true;  // pass the previous frame's regions (normals persist)
};

ContactSetInfo info();
std::unique_ptr<ContactSetTracker> make(const Options& options);

}  // namespace touchstone::brepindex_contacts
