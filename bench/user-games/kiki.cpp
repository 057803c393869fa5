// HDU 2147 (kiki's game) as a contestant's first program: a memoized search of the nim-value
// of the coin's square over the same positions as examples/rules/kiki.luau, the memo a hash
// map. Reads boards "n m" until "0 0"; prints "Wonderful!" if the first player wins, else
// "What a pity!".
#include <cstdio>
#include <unordered_map>
static std::unordered_map<long long, int> memo;
static int g(int n, int m) {
    long long key = (long long)n << 32 | m;
    auto it = memo.find(key);
    if (it != memo.end()) return it->second;
    bool seen[5] = {};
    if (m > 1) seen[g(n, m - 1)] = true;
    if (n > 1) seen[g(n - 1, m)] = true;
    if (n > 1 && m > 1) seen[g(n - 1, m - 1)] = true;
    int v = 0;
    while (seen[v]) v++;
    memo[key] = v;
    return v;
}
int main() {
    int n, m;
    while (scanf("%d %d", &n, &m) == 2 && (n || m)) printf("%s\n", g(n, m) ? "Wonderful!" : "What a pity!");
}
