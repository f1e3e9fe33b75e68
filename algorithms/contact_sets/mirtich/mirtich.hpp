// Mirtich's contact-set tracker (seed 003 §3.1 "Contact sets", §3.2 "Tracking contacts") on the
// project's V-Clip (algorithms/proximity/vclip).
#pragma once

#include "algorithms/contact_sets/contact_set.hpp"

namespace touchstone::mirtich_contacts {

struct Options {
  double epsilon = 1e-3;  // contact threshold ε (seed 003 §3.2): a contact farther is inactivated
  int bisection_steps = 40;  // halvings of the frame's time interval when it ends in penetration
};

ContactSetInfo info();
std::unique_ptr<ContactSetTracker> make(const Options& options);

}  // namespace touchstone::mirtich_contacts
