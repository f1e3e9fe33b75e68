// Versions of the peer libraries compiled in, for reports (peers.cmake defines
// TOUCHSTONE_PEER_VERSIONS as "name=version,name=version").
#include <sstream>

#include "algorithms/proximity/peers/peers.hpp"

namespace touchstone::peers {

std::map<std::string, std::string> library_versions() {
  std::map<std::string, std::string> out;
#ifdef TOUCHSTONE_PEER_VERSIONS
  std::stringstream in(TOUCHSTONE_PEER_VERSIONS);
  for (std::string item; std::getline(in, item, ',');)
    if (const auto eq = item.find('='); eq != std::string::npos)
      out[item.substr(0, eq)] = item.substr(eq + 1);
#endif
  return out;
}

}  // namespace touchstone::peers
