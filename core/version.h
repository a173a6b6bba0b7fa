// The program's version: the project version from CMake and, when it was
// configured in a git checkout, the commit ("0.1.0 (git 96e64d4abcde)"); a
// build from a tarball without .git has the plain version ("0.1.0").
// `junqi --version` prints it; match records (tag junqi-version) and PGN
// headers (JunqiVersion) carry it.
#pragma once

namespace junqi {

const char* versionString();

}  // namespace junqi
