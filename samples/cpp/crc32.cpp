// crc32: the CRC-32 of zlib, PNG and Ethernet (reflected polynomial
// 0xEDB88320) of several messages, computed bit by bit.
//
// Shows: 32-bit unsigned arithmetic (shifts, xor, masks) in a loop nest: a
// loop over messages, a loop over bytes, a fixed 8-step loop over bits. The
// reference computes the same checksums the other usual way, with a
// 256-entry table, and the sample also checks the standard check value
// (CRC-32 of "123456789" is 0xCBF43926).
#include <loom/loom.h>

#include "sample.h"

#include <vector>

LOOM_ACCEL()
void crc32Messages(const unsigned char *__restrict data, int length,
                   unsigned *__restrict crcs, int messages) {
  LOOM_PARALLEL()
  for (int m = 0; m < messages; ++m) {
    unsigned crc = 0xFFFFFFFFu;
    for (int i = 0; i < length; ++i) {
      crc ^= data[m * length + i];
      LOOM_TRIPCOUNT(8)
      for (int bit = 0; bit < 8; ++bit)
        crc = (crc >> 1) ^ (0xEDB88320u & (0u - (crc & 1u)));
    }
    crcs[m] = ~crc;
  }
}

static unsigned crc32Table(const unsigned char *data, int length) {
  static unsigned table[256];
  if (table[1] == 0)
    for (unsigned n = 0; n < 256; ++n) {
      unsigned c = n;
      for (int k = 0; k < 8; ++k)
        c = c & 1 ? 0xEDB88320u ^ (c >> 1) : c >> 1;
      table[n] = c;
    }
  unsigned crc = 0xFFFFFFFFu;
  for (int i = 0; i < length; ++i)
    crc = table[(crc ^ data[i]) & 0xFF] ^ (crc >> 8);
  return ~crc;
}

int main(int argc, char **argv) {
  const bool small = sample::smallMode(argc, argv);
  const int messages = small ? 4 : 64, length = small ? 24 : 256;
  std::vector<unsigned char> data(messages * length);
  sample::Lcg lcg(15);
  for (unsigned char &byte : data)
    byte = static_cast<unsigned char>(lcg.next() >> 24);

  std::vector<unsigned> crcs(messages), expected(messages);
  crc32Messages(data.data(), length, crcs.data(), messages);
  for (int m = 0; m < messages; ++m)
    expected[m] = crc32Table(&data[m * length], length);

  const unsigned char check9[] = "123456789";
  unsigned standard = 0;
  crc32Messages(check9, 9, &standard, 1);

  sample::Checker check("crc32");
  check.equal("crcs", crcs.data(), expected.data(), messages);
  check.equalValue("crc32(\"123456789\")", standard, 0xCBF43926u);
  std::printf("crc32: crc32(\"123456789\") = %08x\n", standard);
  sample::Checksum sum;
  sum.add(crcs.data(), messages);
  sum.addValue(standard);
  return check.finish(sum);
}
