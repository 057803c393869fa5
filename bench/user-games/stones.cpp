// Codeforces 768E (Game of Stones) as a contestant's first program: a memoized search over
// (stones left, amounts already taken) for each pile size, the amounts above the stones left
// dropped, the memo a hash map keyed by s + 64 * used (or std::map with -DUSE_MAP, the
// common first program: map<long long, int>). The same states as examples/rules/stones.luau.
// Reads n and s_1..s_n; prints YES if Jon (the second player) wins, else NO.
#include <cstdio>
#ifdef USE_MAP
#include <map>
static std::map<long long, int> memo;
#else
#include <unordered_map>
static std::unordered_map<long long, int> memo;
#endif
static int g(int s, long long used) {
    long long key = s + 64 * used;
    auto it = memo.find(key);
    if (it != memo.end()) return it->second;
    bool seen[64] = {};
    for (int k = 1; k <= s; k++) {
        long long b = 1LL << (k - 1);
        if (used & b) continue;
        int left = s - k;
        long long keep = (used | b) & ((1LL << left) - 1);
        seen[g(left, keep)] = true;
    }
    int v = 0;
    while (seen[v]) v++;
    memo[key] = v;
    return v;
}
int main() {
    int n;
    if (scanf("%d", &n) != 1) return 1;
    int x = 0;
    for (int i = 0; i < n; i++) {
        int s;
        if (scanf("%d", &s) != 1) return 1;
        x ^= g(s, 0);
    }
    printf("%s\n", x ? "NO" : "YES");
}
