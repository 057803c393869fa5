// LeetCode 464 (Can I Win) as a contestant's first program: the usual memoized search over
// the set of chosen numbers (the total still to go follows from it), the memo a hash map,
// stopping at the first winning choice. Reads "maxChoosableInteger desiredTotal", prints
// true or false. The same states as examples/rules/canwin.luau.
#include <cstdio>
#include <unordered_map>
static int M;
static std::unordered_map<int, bool> memo;
static bool win(int used, int togo) {
    auto it = memo.find(used);
    if (it != memo.end()) return it->second;
    bool w = false;
    for (int k = 1; k <= M && !w; k++) {
        int b = 1 << (k - 1);
        if (used & b) continue;
        if (k >= togo || !win(used | b, togo - k)) w = true;
    }
    memo[used] = w;
    return w;
}
int main() {
    int T;
    if (scanf("%d %d", &M, &T) != 2) return 1;
    bool w;
    if (M * (M + 1) / 2 < T) w = false;
    else w = win(0, T);
    printf("%s\n", w ? "true" : "false");
    fprintf(stderr, "states: %zu\n", memo.size());
}
