// dom.cc: the shape of tinyxml2 at -O0 (issue 15): a small DOM of nodes
// in linked lists with many small member functions (getters, setters,
// virtual ToElement/ToText that return nullptr, in-class "inline"
// helpers of the kind tinyxml2 keeps in its header), a character-class
// parser calling tiny helpers per character, and a loop that walks and
// queries the tree many times. At -O0 every one of these functions is a
// real call with a prologue and an epilogue (`pop %rbp; ret`, `leave;
// ret`): line sites at function ends, after calls and at the targets of
// early returns, which a 5-byte jump cannot cover in place.
//
// Usage: dom [ROUNDS] (default 2000). Prints a checksum of its own work.
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace dom {

inline bool IsWhiteSpace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }
inline bool IsNameStartChar(unsigned char c)
{
	if (c >= 128)
		return true;
	if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'))
		return true;
	return c == ':' || c == '_';
}
inline bool IsNameChar(unsigned char c) { return IsNameStartChar(c) || (c >= '0' && c <= '9') || c == '.' || c == '-'; }
inline bool StringEqual(const char *p, const char *q, int n = 0x7fffffff)
{
	if (p == q)
		return true;
	return strncmp(p, q, n) == 0;
}

class Element;
class Text;

class StrPair {
public:
	StrPair() : start_(nullptr), end_(nullptr) {}
	void Set(const char *s, const char *e) { start_ = s; end_ = e; }
	int Length() const { return (int)(end_ - start_); }
	const char *Start() const { return start_; }
	bool Empty() const { return start_ == end_; }
	bool Equals(const char *s) const
	{
		int n = Length();
		if ((int)strlen(s) != n)
			return false;
		return StringEqual(start_, s, n);
	}

private:
	const char *start_;
	const char *end_;
};

class Node {
public:
	Node() : parent_(nullptr), first_(nullptr), last_(nullptr), prev_(nullptr), next_(nullptr) {}
	virtual ~Node() {}
	virtual Element *ToElement() { return nullptr; }
	virtual Text *ToText() { return nullptr; }
	virtual int Kind() const { return 0; }
	Node *Parent() { return parent_; }
	Node *FirstChild() { return first_; }
	Node *LastChild() { return last_; }
	Node *NextSibling() { return next_; }
	Node *PreviousSibling() { return prev_; }
	bool NoChildren() const { return !first_; }
	const StrPair &Value() const { return value_; }
	void SetValue(const char *s, const char *e) { value_.Set(s, e); }
	Node *InsertEndChild(Node *c)
	{
		c->parent_ = this;
		c->prev_ = last_;
		c->next_ = nullptr;
		if (last_)
			last_->next_ = c;
		else
			first_ = c;
		last_ = c;
		return c;
	}
	Element *FirstChildElement(const char *name = nullptr);
	Element *NextSiblingElement(const char *name = nullptr);
	int ChildCount()
	{
		int n = 0;
		for (Node *c = FirstChild(); c; c = c->NextSibling())
			n++;
		return n;
	}

protected:
	Node *parent_, *first_, *last_, *prev_, *next_;
	StrPair value_;
};

class Attribute {
public:
	Attribute() : next_(nullptr), value_(0) {}
	const StrPair &Name() const { return name_; }
	int IntValue() const { return value_; }
	void SetIntValue(int v) { value_ = v; }
	const Attribute *Next() const { return next_; }
	Attribute *next_;
	StrPair name_;

private:
	int value_;
};

class Element : public Node {
public:
	Element() : attrs_(nullptr) {}
	Element *ToElement() override { return this; }
	int Kind() const override { return 1; }
	const Attribute *FirstAttribute() const { return attrs_; }
	const Attribute *FindAttribute(const char *name) const
	{
		for (const Attribute *a = attrs_; a; a = a->Next()) {
			if (a->Name().Equals(name))
				return a;
		}
		return nullptr;
	}
	int IntAttribute(const char *name, int def = 0) const
	{
		const Attribute *a = FindAttribute(name);
		if (!a)
			return def;
		return a->IntValue();
	}
	void AddAttribute(Attribute *a)
	{
		a->next_ = attrs_;
		attrs_ = a;
	}

private:
	Attribute *attrs_;
};

class Text : public Node {
public:
	Text *ToText() override { return this; }
	int Kind() const override { return 2; }
	bool CData() const { return false; }
};

Element *Node::FirstChildElement(const char *name)
{
	for (Node *n = FirstChild(); n; n = n->NextSibling()) {
		Element *e = n->ToElement();
		if (e && (!name || e->Value().Equals(name)))
			return e;
	}
	return nullptr;
}

Element *Node::NextSiblingElement(const char *name)
{
	for (Node *n = NextSibling(); n; n = n->NextSibling()) {
		Element *e = n->ToElement();
		if (e && (!name || e->Value().Equals(name)))
			return e;
	}
	return nullptr;
}

// Parser: a recursive descent over <name a="1">text<child/></name>.
class Parser {
public:
	explicit Parser(const char *p) : p_(p), nodes_(0) {}
	const char *SkipWhiteSpace(const char *p)
	{
		while (IsWhiteSpace(*p))
			++p;
		return p;
	}
	const char *ParseName(const char *p, StrPair *name)
	{
		if (!p || !*p || !IsNameStartChar((unsigned char)*p))
			return nullptr;
		const char *start = p;
		++p;
		while (*p && IsNameChar((unsigned char)*p))
			++p;
		name->Set(start, p);
		return p;
	}
	int ParseInt(const char *p, const char **end)
	{
		int v = 0;
		while (*p >= '0' && *p <= '9')
			v = v * 10 + (*p++ - '0');
		*end = p;
		return v;
	}
	const char *ParseElement(const char *p, Node *parent);
	int Nodes() const { return nodes_; }

private:
	const char *p_;
	int nodes_;
};

const char *Parser::ParseElement(const char *p, Node *parent)
{
	p = SkipWhiteSpace(p);
	if (*p != '<')
		return nullptr;
	Element *e = new Element();
	StrPair name;
	p = ParseName(p + 1, &name);
	if (!p)
		return nullptr;
	e->SetValue(name.Start(), name.Start() + name.Length());
	parent->InsertEndChild(e);
	nodes_++;
	for (;;) {
		p = SkipWhiteSpace(p);
		if (*p == '/' && p[1] == '>')
			return p + 2;
		if (*p == '>')
			break;
		Attribute *a = new Attribute();
		p = ParseName(p, &a->name_);
		if (!p || *p != '=' || p[1] != '"')
			return nullptr;
		const char *end;
		a->SetIntValue(ParseInt(p + 2, &end));
		p = end + 1;
		e->AddAttribute(a);
	}
	++p;
	for (;;) {
		p = SkipWhiteSpace(p);
		if (*p == '<' && p[1] == '/') {
			StrPair close;
			p = ParseName(p + 2, &close);
			if (!p || !close.Equals("item") && !close.Equals(name.Start() ? "list" : ""))
				;
			return p ? p + 1 : nullptr;
		}
		if (*p == '<') {
			p = ParseElement(p, e);
			if (!p)
				return nullptr;
			continue;
		}
		const char *s = p;
		while (*p && *p != '<')
			++p;
		Text *t = new Text();
		t->SetValue(s, p);
		e->InsertEndChild(t);
		nodes_++;
	}
}

static void Free(Node *n)
{
	Node *c = n->FirstChild();
	while (c) {
		Node *next = c->NextSibling();
		Free(c);
		c = next;
	}
	delete n;
}

// Walk queries the tree the way tinyxml2's tests do: elements by name,
// attributes by name, text lengths.
static long Walk(Node *doc)
{
	long sum = 0;
	Element *list = doc->FirstChildElement("list");
	for (Element *it = list->FirstChildElement("item"); it; it = it->NextSiblingElement("item")) {
		sum += it->IntAttribute("id");
		sum += it->IntAttribute("missing", 3);
		for (Node *c = it->FirstChild(); c; c = c->NextSibling()) {
			if (Text *t = c->ToText())
				sum += t->Value().Length() + (t->CData() ? 1 : 0);
			else if (c->ToElement())
				sum += c->Kind() + c->ChildCount();
		}
	}
	return sum;
}

} // namespace dom

int main(int argc, char **argv)
{
	int rounds = argc > 1 ? atoi(argv[1]) : 2000;
	static char xml[1 << 16];
	int n = 0;
	n += snprintf(xml + n, sizeof xml - n, "<list>\n");
	for (int i = 0; i < 40; i++)
		n += snprintf(xml + n, sizeof xml - n, "  <item id=\"%d\" w=\"%d\">text %d<b/><c k=\"1\">x</c></item>\n", i, i * 7, i);
	n += snprintf(xml + n, sizeof xml - n, "</list>\n");
	long sum = 0;
	int nodes = 0;
	for (int r = 0; r < rounds; r++) {
		dom::Node *doc = new dom::Node();
		dom::Parser parser(xml);
		if (!parser.ParseElement(xml, doc)) {
			fprintf(stderr, "dom: parse error\n");
			return 1;
		}
		nodes += parser.Nodes();
		for (int k = 0; k < 4; k++)
			sum += dom::Walk(doc);
		dom::Free(doc);
	}
	printf("dom %d %ld\n", nodes, sum);
	return 0;
}
