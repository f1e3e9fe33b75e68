#include "harness/common/cli.hpp"

#include <sstream>

namespace touchstone {

std::vector<std::string> split_list(const std::string& list) {
  std::vector<std::string> out;
  std::stringstream in(list);
  std::string item;
  while (std::getline(in, item, ','))
    if (!item.empty()) out.push_back(item);
  return out;
}

std::string join_command_line(int argc, char** argv) {
  std::ostringstream s;
  for (int i = 0; i < argc; ++i) s << (i ? " " : "") << argv[i];
  return s.str();
}

Progress progress_unless(bool quiet, std::string unit, std::size_t every) {
  return quiet ? Progress() : progress_printer(std::move(unit), every);
}

bool worth_replaying(Verdict v) {
  return v == Verdict::fail || v == Verdict::error || v == Verdict::ambiguous;
}

bool export_cases(const std::string& path, const nlohmann::json& document) {
  return write_json_file(path, document);
}

std::string flag_list(const Flags& flags) {
  std::string s;
  for (const auto& [name, on] : flags)
    if (on) s += (s.empty() ? "" : ",") + name;
  return s;
}

}  // namespace touchstone
