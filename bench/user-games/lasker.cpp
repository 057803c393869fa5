// Lasker's Nim (HDU 3032's game) as a contestant's first program for its table: a memoized
// search of the nim-value of a heap (take any number, or split into two non-empty heaps), the
// memo a hash map. The same states as examples/rules/lasker.luau. Reads N; prints the values
// of heaps 0..N, one a line.
#include <cstdio>
#include <unordered_map>
#include <vector>
static std::unordered_map<int, int> memo;
static int g(int n) {
    auto it = memo.find(n);
    if (it != memo.end()) return it->second;
    std::vector<char> seen(2 * n + 2, 0);
    for (int k = 1; k <= n; k++) seen[g(n - k)] = 1;
    for (int a = 1; a <= n / 2; a++) {
        int v = g(a) ^ g(n - a);
        if (v < (int)seen.size()) seen[v] = 1;
    }
    int v = 0;
    while (seen[v]) v++;
    memo[n] = v;
    return v;
}
int main() {
    int n;
    if (scanf("%d", &n) != 1) return 1;
    for (int k = 0; k <= n; k++) printf("%d\n", g(k));
}
