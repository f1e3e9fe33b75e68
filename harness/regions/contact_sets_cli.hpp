// `touchstone contact-sets` (issue 34): contact-set trackers over motion cases and the contact
// scenes (cases/contact_scenes.hpp), every frame verified against its exact regions
// (harness/regions/contact_sets.hpp), through the generic kind command
// (harness/common/kind_command.hpp); and the tracker part of `touchstone list`.
#pragma once

#include <CLI/CLI.hpp>
#include <ostream>

#include "harness/common/kind_command.hpp"
#include "harness/regions/contact_sets.hpp"

namespace touchstone {

struct ContactSetCli : KindCli {
  ContactSetRunOptions options;
  int rotations = 12;  // --rotations: each scene under the first N exact rotations
};

CLI::App* add_contact_sets_command(CLI::App& app, ContactSetCli& cli);
int run_contact_sets_command(const ContactSetCli& cli, int argc, char** argv);
void list_contact_sets(std::ostream& out);

}  // namespace touchstone
