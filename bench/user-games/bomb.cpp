// HDU 2873 (Bomb Game) as a contestant's first program: a memoized search of the nim-value of
// one bomb at (p, q) (its options are the two bombs it leaves, their values XORed), the memo
// a hash map; the answer the XOR over the bombs. The same states as examples/rules/bomb.luau.
// Reads boards "n m" and n rows of '.' and '#' until "0 0"; prints John or Jack.
#include <cstdio>
#include <unordered_map>
#include <vector>
static std::unordered_map<int, int> memo;
static int g(int p, int q) {
    int key = p * 64 + q;
    auto it = memo.find(key);
    if (it != memo.end()) return it->second;
    std::vector<char> seen(4096, 0);
    if (p > 1 && q > 1) {
        for (int u = 1; u < p; u++)
            for (int v = 1; v < q; v++) seen[g(u, q) ^ g(p, v)] = 1;
    } else if (p == 1) {
        for (int v = 1; v < q; v++) seen[g(1, v)] = 1;
    } else {
        for (int u = 1; u < p; u++) seen[g(u, 1)] = 1;
    }
    int v = 0;
    while (seen[v]) v++;
    memo[key] = v;
    return v;
}
int main() {
    int n, m;
    static char row[64];
    while (scanf("%d %d", &n, &m) == 2 && (n || m)) {
        int x = 0;
        for (int i = 1; i <= n; i++) {
            if (scanf("%63s", row) != 1) return 1;
            for (int j = 1; j <= m; j++)
                if (row[j - 1] == '#') x ^= g(i, j);
        }
        printf("%s\n", x ? "John" : "Jack");
    }
}
