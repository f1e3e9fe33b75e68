#include "harness/common/isolation.hpp"

#include <CLI/CLI.hpp>
#include <vector>

namespace touchstone {

std::string_view to_string(Isolation isolation) {
  switch (isolation) {
    case Isolation::none:
      return "none";
    case Isolation::peers:
      return "peers";
    case Isolation::all:
      return "all";
  }
  return "all";
}

bool isolates(Isolation isolation, std::string_view family) {
  return isolation == Isolation::all || (isolation == Isolation::peers && family == "peer");
}

CLI::Option* add_isolate_option(CLI::App* command, Isolation& isolation, const std::string& help,
                                bool peers_choice) {
  const std::vector<std::string> choices = peers_choice
                                               ? std::vector<std::string>{"none", "peers", "all"}
                                               : std::vector<std::string>{"none", "all"};
  return command
      ->add_option_function<std::string>(
          "--isolate",
          [&isolation](const std::string& value) {
            isolation = value == "none"    ? Isolation::none
                        : value == "peers" ? Isolation::peers
                                           : Isolation::all;
          },
          help)
      ->check(CLI::IsMember(choices))
      ->default_str(std::string(to_string(isolation)));
}

}  // namespace touchstone
