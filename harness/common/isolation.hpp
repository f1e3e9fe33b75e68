// Which algorithms answer in forked children (--isolate): the one option every command that runs
// algorithms takes. In a child, a crash or a hang of an algorithm becomes an `error` of its case
// (harness/common/child_process.hpp); `none` runs everything in this process, for profiling.
#pragma once

#include <string>
#include <string_view>

#include "harness/common/cli_fwd.hpp"

namespace touchstone {

enum class Isolation {
  none,   // every algorithm in this process: a crash ends the run
  peers,  // the algorithms of family "peer" (third-party code seen to abort on degenerate input)
  all,    // every algorithm
};

std::string_view to_string(Isolation isolation);

// Whether an algorithm of `family` answers in a forked child under `isolation`.
bool isolates(Isolation isolation, std::string_view family);

// Adds --isolate to `command`, parsed straight into `isolation` (whose value is the default
// shown). Without `peers_choice` the option takes only none and all (commands whose every
// algorithm is isolated alike).
CLI::Option* add_isolate_option(CLI::App* command, Isolation& isolation, const std::string& help,
                                bool peers_choice = true);

}  // namespace touchstone
