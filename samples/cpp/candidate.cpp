// candidate: a loop inside an ordinary host function, offloaded with
// `#pragma loom candidate` and no other change to the function.
//
// gradeExam() is host code: it prints, takes std::vector arguments, copies
// data around and computes statistics. Only the marked loop becomes a
// kernel: loom-clang++ outlines it into the kernel "gradeExam.loop0", whose
// arguments are the variables the loop uses, and the function calls the
// kernel there.
//
// How the loop is written for that: it works on the function's local arrays
// (a batch of students at a time) and local scalars only. The outlined loop
// receives each variable it uses by address; for an array that address is
// the data, which the device compiler turns into a memory the dataflow
// program reads and writes. A pointer *variable* (`const signed char *given
// = answers.data();` used in the loop) arrives as the address of the
// pointer, and today the device compiler cannot offload a loop that loads
// its data pointers from memory: the kernel would stay on the host
// (samples/README.md, "Known gaps"). Calls such as std::vector's
// operator[] inside the loop would not offload either: the device compiler
// sees the kernel before inlining, so they are calls of host functions.
//
// Integer scores are exact and compared with a plain C++ recomputation.
#include <loom/loom.h>

#include "sample.h"

#include <vector>

constexpr int kBatch = 64, kMaxQuestions = 64;

struct ExamStats {
  int best;
  int worst;
  long total;
};

static ExamStats gradeExam(const std::vector<signed char> &answers,
                           const std::vector<signed char> &key, int students,
                           int questions, std::vector<int> &scores,
                           bool verbose) {
  if (verbose)
    std::printf("candidate: grading %d students on %d questions\n", students,
                questions);
  signed char correct[kMaxQuestions], given[kBatch * kMaxQuestions];
  int points[kBatch];
  for (int q = 0; q < questions; ++q)
    correct[q] = key[q];

  for (int first = 0; first < students; first += kBatch) {
    int count = students - first < kBatch ? students - first : kBatch;
    for (int i = 0; i < count * questions; ++i)
      given[i] = answers[first * questions + i];

    // +4 for a right answer, -1 for a wrong one, 0 for no answer (-1).
#pragma loom candidate
    for (int s = 0; s < count; ++s) {
      int sum = 0;
      for (int q = 0; q < questions; ++q) {
        int answer = given[s * questions + q];
        if (answer == correct[q])
          sum += 4;
        else if (answer >= 0)
          sum -= 1;
      }
      points[s] = sum;
    }

    for (int s = 0; s < count; ++s)
      scores[first + s] = points[s];
  }

  ExamStats stats = {scores[0], scores[0], 0};
  for (int score : scores) {
    stats.best = score > stats.best ? score : stats.best;
    stats.worst = score < stats.worst ? score : stats.worst;
    stats.total += score;
  }
  return stats;
}

int main(int argc, char **argv) {
  const bool small = sample::smallMode(argc, argv);
  const int students = small ? 80 : 2000, questions = small ? 10 : 40;
  std::vector<signed char> key(questions), answers(students * questions);
  sample::Lcg lcg(19);
  for (signed char &k : key)
    k = static_cast<signed char>(lcg.nextInt(0, 3));
  // Each student knows some fraction of the answers and guesses or skips
  // the rest.
  for (int s = 0; s < students; ++s) {
    int skill = lcg.nextInt(0, 100);
    for (int q = 0; q < questions; ++q) {
      bool knows = lcg.nextInt(0, 99) < skill;
      int guess = lcg.nextInt(-1, 3);
      answers[s * questions + q] =
          static_cast<signed char>(knows ? key[q] : guess);
    }
  }

  std::vector<int> scores(students);
  ExamStats stats = gradeExam(answers, key, students, questions, scores, true);

  std::vector<int> expected(students);
  long total = 0;
  for (int s = 0; s < students; ++s) {
    for (int q = 0; q < questions; ++q) {
      int answer = answers[s * questions + q];
      expected[s] += answer == key[q] ? 4 : answer < 0 ? 0 : -1;
    }
    total += expected[s];
  }
  sample::Checker check("candidate");
  check.equal("scores", scores.data(), expected.data(), students);
  check.equalValue("total", stats.total, total);
  std::printf("candidate: best %d, worst %d, mean %.2f\n", stats.best,
              stats.worst, static_cast<double>(stats.total) / students);
  sample::Checksum sum;
  sum.add(scores.data(), students);
  return check.finish(sum);
}
