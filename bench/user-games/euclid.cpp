// HDU 3595 (GG and MM: Euclid's game on up to 1000 pairs, Every-SG) as a contestant's first
// program: a memoized search of each pair's step (the winner makes a won part last as long as
// he can, the loser ends a lost part as soon as he can), over every multiple, the memo a hash
// map keyed by the sorted pair (or std::map with -DUSE_MAP). The first player wins when the
// greatest step is odd. The same states as examples/rules/euclid.luau.
// Reads cases "n" and n pairs to the end of the input; prints MM if the first player wins,
// else GG.
#include <algorithm>
#include <cstdio>
#ifdef USE_MAP
#include <map>
static std::map<long long, int> memo;
#else
#include <unordered_map>
static std::unordered_map<long long, int> memo;
#endif
// The step of (a, b), a >= b >= 1: odd when the player to move wins.
static int step(int a, int b) {
    long long key = (long long)a << 32 | b;
    auto it = memo.find(key);
    if (it != memo.end()) return it->second;
    int best_win = -1, best_lose = -1;  // the longest won option, the shortest lost one
    for (int k = 1; k <= a / b; k++) {
        int r = a - k * b;
        int s = r == 0 ? 0 : step(std::max(r, b), std::min(r, b));
        if (s % 2 == 0) best_win = std::max(best_win, s + 1);
        else if (best_lose < 0 || s + 1 < best_lose) best_lose = s + 1;
    }
    int s = best_win >= 0 ? best_win : best_lose;
    memo[key] = s;
    return s;
}
int main() {
    int n;
    while (scanf("%d", &n) == 1) {
        int most = 0;
        for (int i = 0; i < n; i++) {
            int a, b;
            if (scanf("%d %d", &a, &b) != 2) return 1;
            most = std::max(most, step(std::max(a, b), std::min(a, b)));
        }
        printf("%s\n", most % 2 ? "MM" : "GG");
    }
}
