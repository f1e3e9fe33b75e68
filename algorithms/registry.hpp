// A registry of named entries — proximity algorithms, region algorithms, force solvers: the one
// mechanism every kind registers through. Every entry the project ships is added by one line in
// its kind's register_all.cpp (register_builtin); tests may build their own registries (for
// example with a deliberately wrong algorithm).
//
// An Info is a plain struct with `name`, its entry point — `make` (a factory) or, for a stateless
// query, `query` (the function itself) — and a `static constexpr std::string_view kNoun` naming
// what it registers in error messages ("region algorithm").
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace touchstone {

template <class Info>
class Registry {
 public:
  // Throws std::invalid_argument on an empty or duplicate name or a missing entry point.
  void add(Info info) {
    const std::string noun(Info::kNoun);
    if (info.name.empty()) throw std::invalid_argument(noun + " name must not be empty");
    if (find(info.name))
      throw std::invalid_argument(noun + " '" + info.name + "' registered twice");
    if (!has_entry_point(info))
      throw std::invalid_argument(noun + " '" + info.name + "' has no factory");
    entries_.push_back(std::move(info));
  }
  const Info* find(std::string_view name) const {
    for (const Info& entry : entries_)
      if (entry.name == name) return &entry;
    return nullptr;
  }
  const std::vector<Info>& all() const { return entries_; }

  // The registry holding every entry the project ships, filled on first use by the kind's
  // `void register_builtin(Registry<Info>&)` (found by argument-dependent lookup).
  static const Registry& builtin() {
    static const Registry registry = [] {
      Registry r;
      register_builtin(r);
      return r;
    }();
    return registry;
  }

 private:
  static bool has_entry_point(const Info& info) {
    if constexpr (requires { info.make; })
      return static_cast<bool>(info.make);
    else if constexpr (requires { info.solids; })  // swept: elementary, whole solids or both
      return static_cast<bool>(info.query) || static_cast<bool>(info.solids);
    else
      return static_cast<bool>(info.query);
  }
  std::vector<Info> entries_;
};

}  // namespace touchstone
