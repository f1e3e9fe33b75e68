// Contact-set runs as touchstone-report/2 (DESIGN §7): configuration, trackers (kind
// "contact-sets", with ε and caps as parameters), `contact_set_cases` (per frame: the reference's
// relation and region counts) and `contact_set_results` (per frame: the set, its verdict and
// figures), the summary per tracker and scene; and the terminal table tracker × scene → coverage
// of 𝓡, corners, point error, identity breaks, stale and spurious contacts, V-Clip calls and
// bisections per frame, time per frame.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "harness/common/reporter.hpp"
#include "harness/regions/contact_sets.hpp"

namespace touchstone {

class ContactSetReport final : public KindReport {
 public:
  ContactSetReport(const ContactSetRunResults& run, const ContactSetRunOptions& options);
  std::string table() const override;

 protected:
  nlohmann::json config() const override;
  nlohmann::json algorithms() const override;
  void add_sections(nlohmann::json& report) const override;
  nlohmann::json summary() const override;
  nlohmann::json benchmarks() const override;
  const std::vector<LoadError>& load_errors() const override;

 private:
  const ContactSetRunResults& run_;
  const ContactSetRunOptions& options_;
  std::vector<SummaryRow> rows_;
};

// The capabilities a tracker declares, in report order.
Flags contact_set_capability_flags(const ContactSetCapabilities& c);

}  // namespace touchstone
