// candidate: a loop inside an ordinary host function, offloaded with
// `#pragma loom candidate` and no other change to the function.
//
// gradeExam() is host code: it prints, takes std::vector arguments and
// computes statistics. Only the marked loop becomes a kernel: loom-clang++
// outlines it into the kernel "gradeExam.loop0", whose arguments are the
// variables the loop uses (the pointers and sizes it only reads are passed
// by value, the others by address), and the function calls the kernel
// there.
//
// How the loop is written for that: it reaches the data through raw
// pointers taken before the loop (`answers.data()`), not through
// std::vector's operator[]. The device compiler sees each kernel before any
// inlining, so a call of operator[] inside the loop would still be a call
// of a host function, and the loop would stay on the host.
//
// Integer scores are exact and compared with a plain C++ recomputation.
#include <loom/loom.h>

#include "sample.h"

#include <vector>

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
  const signed char *given = answers.data();
  const signed char *correct = key.data();
  int *score = scores.data();

  // +4 for a right answer, -1 for a wrong one, 0 for no answer (-1).
#pragma loom candidate
  for (int s = 0; s < students; ++s) {
    int points = 0;
    for (int q = 0; q < questions; ++q) {
      int answer = given[s * questions + q];
      if (answer == correct[q])
        points += 4;
      else if (answer >= 0)
        points -= 1;
    }
    score[s] = points;
  }

  ExamStats stats = {scores[0], scores[0], 0};
  for (int points : scores) {
    stats.best = points > stats.best ? points : stats.best;
    stats.worst = points < stats.worst ? points : stats.worst;
    stats.total += points;
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
