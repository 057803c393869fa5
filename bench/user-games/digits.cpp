// HDU 1404 (Digital Deletions) as a contestant's first program: a memoized search over the
// strings themselves, win or lose, stopping at the first winning move; the memo a hash map of
// strings (or std::map with -DUSE_MAP). The same states as examples/rules/digits.luau.
// Reads strings of digits to the end of the input; prints Yes (the first player wins) or No.
#include <iostream>
#include <string>
#ifdef USE_MAP
#include <map>
static std::map<std::string, bool> memo;
#else
#include <unordered_map>
static std::unordered_map<std::string, bool> memo;
#endif
static bool win(const std::string& s) {
    if (s.empty()) return false;
    auto it = memo.find(s);
    if (it != memo.end()) return it->second;
    bool w = false;
    for (size_t i = 0; i < s.size() && !w; i++) {
        int d = s[i] - '0';
        if (d == 0) {
            if (!win(s.substr(0, i))) w = true;
            continue;
        }
        std::string t = s;
        for (int e = 0; e < d && !w; e++) {
            t[i] = char('0' + e);
            if (!win(t)) w = true;
        }
    }
    memo[s] = w;
    return w;
}
int main() {
    std::ios::sync_with_stdio(false);
    std::string s;
    while (std::cin >> s) std::cout << (win(s) ? "Yes" : "No") << "\n";
}
