// Names of parameterized tests: a registry name with every character other than a letter or a
// digit turned into '_' (GoogleTest allows nothing else), e.g. lin-canny -> lin_canny.
#pragma once

#include <gtest/gtest.h>

#include <cctype>
#include <string>

namespace touchstone::test_support {

inline std::string param_name(const ::testing::TestParamInfo<std::string>& info) {
  std::string name = info.param;
  for (char& ch : name)
    if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
  return name;
}

}  // namespace touchstone::test_support
