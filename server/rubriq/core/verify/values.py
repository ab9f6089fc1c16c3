"""Values a text states, and whether a source states the same ones: deterministic, tier 0 (pure Python, no model).

A claim that changes a number, a date or a name keeps nearly all of its source sentence's words, so similarity and
NLI miss it; comparing the values themselves finds it, says exactly what changed and quotes the source's value.

API (stable):

    extract_values(text) -> list[Value]                     every value of `text`, in order
    index_values(text) -> ValueIndex                        the same, cached per text, with look-up tables
    check_values(claim, evidence, source, *, claim_span=None) -> list[ValueCheck]
    compare(claim_values, evidence_values, source_index, ...) -> list[ValueCheck]   over pre-extracted values
    extraction_work(text) -> int                            steps extraction takes (to show linear cost)
    REPORTABLE_ABSENT_KINDS, reportable_absent              kinds (and values) whose "absent" is worth telling a person

`check_values`: `claim` is the text holding the claim (a whole output may be passed once, with `claim_span` the
claim's span in it); `evidence` is either the evidence text or a sequence of `Span`s of `source` (the source
sentences the claim was drawn from: then every evidence value's span points into `source`); `source` is the whole
source. Claim values' spans point into `claim`. One `ValueCheck(value, status, evidence, in_evidence, reason)` per
value of the claim, plus one per affirmed word of the claim that the evidence negates (below), in the claim's order:

    matched    the evidence or the source states a compatible value (`evidence` = the agreeing value; None when the
               value is derived from the source's or the claim's own figures, when both ends of a range are
               stated, or when the name's words are all in the source)
    conflict   the evidence states a different value in the same slot, and no value of the source agrees in that
               slot as well; `evidence` = that evidence value, to quote
    absent     the source nowhere states it and nothing in the evidence conflicts with it (`evidence` = None)
    polarity   a negation the evidence does not share, or an affirmed word the evidence negates (below): reported
               apart from conflicts, because a negation restated as a condition ("you won't be charged if ...")
               is mostly faithful; `evidence` = the evidence's occurrence of the word or its negation

`in_evidence` says whether `evidence.span` points into the evidence (True) or into the source (False); with
evidence given as spans both are the source. `reason` says why in a few words ("rounded", "same date", "derived
from the source's figures", "a different value in the same slot", "the evidence negates it", ...).

Extraction. A `Value` has:

    kind       "number", "quantity" (a count with a head noun, or a physical measure), "percent", "money",
               "duration", "age", "ordinal", "date", "time", "weekday", "email", "url", "entity", "negation",
               "quantifier"
    span, text the exact span into the text (a qualifier such as "about" or "more than" is part of it)
    key        the normalised comparable form:
                 numeric kinds (number, quantity, percent, money, duration, age): (low, high)
                 ordinal (n,); weekday (0..6,); email, url (normalised string,): lower-cased, the scheme, "www."
                 and trailing punctuation removed
                 date (year_low, year_high, month, day), None where the text does not say: "3 March 2024" =
                 "March 3, 2024" = "2024-03-03" = (2024, 2024, 3, 3); "the 1990s" = (1990, 1999, None, None)
                 time (minutes after midnight, ...): every reading ("9:47" without am/pm has two)
                 entity (words...): lower-cased, without "the", titles, offices before a name ("Archbishop
                 Martin" = ("martin",)), connectors ("van", "of") and possessives
                 negation ("not", head lemma); quantifier (class, word), class "all", "some", "none" or "only"
    unit       what makes two values of a kind comparable: the canonical unit of a measure ("m", "kg", "m2", "l",
               "m/s", "W", "B", "degC"), "s" for durations ("s ago", "s after" for a distance in time from an
               event), the currency ("USD", "EUR", "GBP" ...; a rate appends "/year"), "%" or "pp" (percentage
               points), the lemma of a counted head noun ("truck"; "person" for people, staff, members,
               employees, workers) or of the noun an age or an ordinal describes ("man", "conviction"), the time
               zone of a time, the lemma of the noun a name qualifies ("New Zealand all-rounder" → "all-rounder"),
               the negated or quantified word's lemma; "" if none
    low, high  numeric kinds: the inclusive interval the value allows in the canonical unit; a point has low ==
               high; "about 4%" is [3.6, 4.4] (±10%), "nearly 4 million" [3.6e6, 4e6], "more than 500" [500, inf],
               "up to 12" [-inf, 12], "hundreds of" [100, 1000]; None for the other kinds
    step       the rounding step of the written number in the canonical unit ("530" → 10, "3.9 million" → 1e5,
               "4 million" → 1e6, "nine" → 1); 0 where it does not apply
    qualifier  "" or: "about", "nearly", "just over", "more than", "at least", "fewer than", "at most", "exactly",
               "range" ("80-120", "between 80 and 120", "from 5 to 7", a score "3-1"; never across a line
               break), "vague" ("hundreds of"),
               "partial" ("a further 63", "12 more": a part of a total), "qualified" (a negation that may bear on
               an adverb, "did not immediately turn", or a hedge, "may not"), "affirmed" (an un-negated word, only
               in verdicts)
    governor   the nearest content word on the value's left in its clause, as a lemma followed by the prepositions
               between ("hired 530 staff" → "hir", "founded in 1990" → "found in"); "" if none within 3 words or
               across a comma or a spaced dash; verbs of saying are never governors
    context    content-word lemmas around the value in its clause and line: up to 4 on each side (6 after a
               negation); number words ("million", "two") are never context. For a table cell: the content lemmas of
               the rest of its row (at most 12), and no governor
    in_table   the value is a cell of a table (below)
    column     a table cell's header: the content lemmas of the header cell above it; () elsewhere
    sentence   content lemmas of the value's sentence on its line (at most 12 on each side, across commas and
               brackets); a cell's row words

Read: digits ("1,200", "3.5", "7, 000"), number words ("nine", "twenty-one", "a dozen", "one hundred and twenty"),
magnitudes ("1.2 million", "3bn", "$5m", "2.5k"), fractions ("a third", "half of", "two-thirds": percent, ±10%;
after a bound, a bound: "below a fifth", "more than half"),
percent ("4%", "four percent", "4 per cent"), money (symbols, codes, words, pence and cents), measures ("3 km", "5
miles", "20C"), ranges, dates (also 12/09/2025 and 12.09.2025, the order from the text's own dates; a year alone
when none settles it; an ISO time after its date), decades, seasons ("2015-16"), weekdays, times ("09:47 UTC",
"9:47 am", "3.30pm",
"noon"), durations (in parts: "9 hours 20 minutes", "an hour and a quarter", "half an hour"; a figure repeated in
brackets: "six (6) months"; nights are days; "the half hour before", "a half-day"; "an hour before", and a
distance in time read past an aside: "120 hours (1 to 5 days) before arrival"), ages ("34-year-old", "aged 50",
"7–9-year-olds", "the 40–75 age range"; an age group is a bound: "under-16s", "over-65s"), ordinals
("third", "21st", "the third consecutive year"; not "first" as an adverb: "at first", "check with one first."),
upper bounds written as limits ("limited to 500", "capped at") and named thresholds ("a minimum stay of 3 nights", the
figure's span its own), rates ("£5 a night", "£35 for the week"), days listed before one month ("1 and 15 May", "22–23
March": a date each), e-mail addresses, URLs, names (capitalised word sequences, acronyms, "U.S."; a sentence's
capitalised first word, or a table cell's or a list line's after a checkbox or emoji, only when the text
capitalises it elsewhere too; nor a first word ending in "-ing" before a name: "Dropping Netflix"), negations ("not",
"n't", "never", "no one", "nobody"...) and quantifiers ("all", "every", "no", "some", "only"...). A counted head noun is
never an adverb or a comparative ("287 behind", "€150 cheaper"). Not values: list numbering, section/figure/page/version
numbers, identifiers ("G7", "COVID-19", "A380", "No. 10", "2025-0419", a sort code "40-11-62"), a lone capital ("A/B
test"), anything inside an e-mail address or a URL, a year inside a date. A name never runs across a line break, a tab
or three spaces; a link never runs over a comma before a figure ("NETFLIX.COM,-12.99" is two cells), and digits with
a separator after their decimal part are two figures ("164.00,856.45").

Tables: a run of two or more consecutive lines of two or more cells (cells split by tabs, three or more spaces or
pipes; rule lines of dashes may sit between). Its first row is the header when none of its cells holds a digit or a
rule line follows it; a cell's header cell is the one at the same index (pipe tables) or over the same columns
(space-aligned tables, the most overlapping or the nearest).

Compatible (claim value c, source value s, same comparison family; numbers and quantities are one family):
  - numeric, same unit (or one without a head noun; a measure never matches a bare number): intervals meet;
    a point c may round s ("4 million" for 3.9 million, "500" for 530: |c − s| ≤ step(c)/2 and ≤ 10% of s), but a
    plain source figure is not rounded towards a more precise claim ("530" does not match "500"); two
    approximations compare their stated figures within 10% ("about 57" is not "about 50"), two bounds of one
    direction as two points do (a limit is stated exactly: "at least 85%" is not "at least 80%"), and a bound never
    agrees with a rate when it is none ("capped at £20" and "50p per minute"); a range matches a range when both ends
    do, and holds any point inside it; units convert within a dimension ("3 km" = "3,000 m", "72 hours" = "three
    days", "two weeks" = "14 days", "5 miles" ≈ "8 km"), and a
    figure converted from another unit (feet, miles, months) may differ by 2% ("656 ft" for "198 metres").
  - date: they state a part in common and the parts both state agree (a year matches any date in it; "January"
    and "2019" neither agree nor disagree); time: the same zone, or two zones of known
    offset converted ("10:47 BST" = "09:47 UTC"), and a common reading; weekday, ordinal, email: equal keys; url:
    equal or one a path under the other.
  - entity: one's words contain the other's ("Trump", "Donald Trump"), an acronym of the other ("UN"), a demonym
    ("French", "France"; "South African", "South Africa"); a name whose every word occurs in the source is stated.
  - negation: the source negates the same word; quantifier: the same class on the same head noun.

Same slot. `slot_score(c, e)`, for values of one family: -1 (never the same slot) when both have governors and they
differ (unless two different governing words each stand in the other's context: "the pier closed on 5 March",
"closed the north pier on 4 March"), when both have units (head nouns, time zones of unknown offset, currencies
aside) and they differ, when a bare number has neither the evidence value's head noun nor its governor, when two
names share no word (other than "North", "City", "Scottish" and the like, in the same place, first or last: not
"Aston Villa" and "Villa Park") and no governor, when two dates, times, percents, durations or ages have neither a
governor nor a context lemma in common, when two durations differ by more than 30 times ("three years", "15
minutes"), when two quantifiers qualify different nouns or one is "only"; otherwise 2 for the same unit (dates,
weekdays, times, percents, durations, ages, e-mail addresses, URLs share their kind's unit) or a shared name word, +
2 for the same governor, + 1 per shared context lemma (at most 2). Two distances in time from an event ("14 days
before", "30 days before") sharing two context lemmas are one slot whatever their governors. The end of a range of
times ("8:30am to 5:30pm") shares its start's context and governor. When either value is a
table cell, the score instead asks that the other's sentence share a word with the cell's row (else -1: a cell of
another row is another slot, whatever its column), a bare count takes its head noun from its column ("917" under
"Votes"), a figure of the evidence's prose against a claim's cell needs its governing word in the cell's row or
header, and the score is 2 for the unit, + 1 per shared row word (at most 2), + 1 when the header is named; of two
partners scoring alike, the nearer figure is taken.

Decision for a claim value c. A value the evidence states outright (compatible, and not merely inside a bound or a
range of it: a range states its two ends; a date states what it names, "April" does not state "15 April") is matched,
whatever slot another evidence value seems to fill; so is a point equal to the figure of an evidence bound ("the
recommended 150 minutes" for "at least 150 minutes"), and a range whose two ends the evidence or the source states
("from 412 to 260"). Otherwise the agreeing value is the best-scoring compatible value of the evidence or of the
source (a bound or a vague magnitude scores 2 less: "more than 100" agrees with too much to prove a slot; a bound of
either side, the claim's or the source's, agrees only in c's slot, score ≥ 2); failing that, the same figure anywhere
in the source (another slot), or for a name, its words. The partner is the best-scoring evidence value that disagrees,
with a score ≥ 2, not taken (each evidence value agreeing with a claim value, with a score ≥ 0, is assigned to one
claim value, best score first, and is nobody's partner), not a part of a total ("a further 63"), and, for names joined
only by a governor, with no unexplained name beside it in the evidence ("signed Australia pace bowler John Hastings"
is about another player), and, for other kinds, with no unexplained name right after it ("British number four Aljaz
Bedene"). c conflicts with the partner when the partner scores higher than the agreeing value and, if a precise value
agrees in another slot, scores ≥ 4 (a figure of another family, "14 remain" for "14 days", or a date stating less than
c, "April" for "15 April", agrees too loosely to ask it), and its words differ from c's ("1" against "1", 1 April
against 1 May, shows nobody anything), unless c is derived from the evidence and the claim's other values (below).
Otherwise c matches its agreeing value, or is derived from the evidence, the claim or (a sum or a difference of two)
the source's figures of its family (matched), or is absent. A name the source states is never a conflict (two stated
names swapped is beyond values). An acronym of two to five capitals whose letters begin a run of the source's content
words ("PR" for "pull request") is matched, as is a common abbreviation of a word of the source ("GP" for "doctor":
`_COMMON_ABBREVIATIONS`). A public holiday named as such ("Good Friday", "Easter Monday", "Boxing Day") is no value
at all (`_HOLIDAY_RE`): an answer names it from common knowledge to apply a working-days rule. A figure the claim
names as a limit ("within the 15-mile limit") matches the source's bound
of that figure ("up to 15 miles"); whole weeks match the source's working days five to a week ("up to three weeks" for
"up to 15 working days"), while the same count of plain days conflicts with them ("within 10 days" for "within 10
working days", `_working_days_as_days`); an approximation matches a bare figure of a table column named by its
unit ("nearly 25 tonnes" for 24960 under "gross_kg"). Zero-padded digits ("0015" of a card number) are a code, never
a figure. An estimate ("about £174 a month") that conflicts, after every check above, with a figure the source states
exactly in the sentence it is compared with is absent instead: it was worked out from figures the output does not
show, and only an estimate of the source's ("about 40 minutes") or the figure it should have been worked from by a
step the check redoes ("£1,240 for the first year, about £130 a month") contradicts it. So rounding, a bound or range
holding the value, derived figures, values of other slots, a year inside a date, list and section numbers, and times
in zones of unknown offset are never conflicts.

Beyond the evidence (`compare`, given the spans of the source proper). A value the prompt states outside its source
(the user's own figure, "our uptime was 98.7%") or that is the source's figure scaled by a factor the prompt asks for
("double this recipe") is matched; a value still absent conflicts with a source value outside the evidence that
surely fills its slot (score ≥ 4, no name right after it): a sentence joining several source sentences is retrieved
by one of them. With `changes` (an output's claims), a figure the claim calls a change ("a rise of £1.50") is checked
against a "from A to B" of the same claim: B − A within rounding is matched, a clearly different figure is a
conflict whose `working` says what the range gives. A bare number whose unit the sentence leaves understood ("8
minutes for the onion, 1 for the spices") is matched by a source measure writing the same figure, and a measure by
a bare source number of the same figure ("roughly 1,200 in a normal year" after "900 kilos").

A restated sentence (`_restated_sentence_conflicts`). A claim whose content words are at least 60% (and at least 3)
in one evidence sentence restates it; a figure of the claim still absent, not an estimate, a range, a difference
("£156 cheaper") or in a claim that works figures out ("48 of the 60 months", "= £160.20"), conflicts with the one
figure of that sentence of its family and unit (a count of the same thing, a sum in the same currency, a period) that
no claim value states, outside tables, with the same qualifier or a bound it breaks ("top speed is 15.5 mph" for
"limited to 12.5 mph"; not "she was 4" for "under 12"): "would cost £35" for "Priority delivery within 2 working days
costs £25", though the governing words differ. Two absent figures of the claim of that one kind are left absent.

Derived figures (`_derived`). Operands of c: figures of its kind and unit (money of its currency, a rate restated per
c's period, counts of the same noun, durations; percents for a percent or a figure in "points"); beside money, bare
figures and figures written with a magnitude ("4.1 million dollars, of which 2.5 million ..."); the claim's own other
figures, less those the evidence states already (arithmetic written out in the claim: "€150 cheaper (€999 vs €1,149)");
failing those, the figures the output states in the 1,500 characters before the claim (its own totals). c is derived
when it is: a count of the claim (2 to 1,000: "30 vehicles", "9 visits") times an operand; a quantity or a count of the
claim times a price (per thing or per period), to c's last digit, for an amount of three significant figures or more
("326 miles × 5p | £16.30", "21.0p a share, which on 1,250 shares comes to £262.50"); a share of an operand, or an
operand less or plus a share below 100% ("£1,050, or £945 with the 10% discount"); an amount per month, week or day that
is a plain amount of its currency or unit spread over a year ("£1,240 for the first year, about £103 a month") or over a
span the claim states ("the 5-year plan at £219 works out at about £3.65 a month"); an amount that is a rate kept up
over a span the claim states, to its last digit ("£8.99 a month, or £539.40 over five years"; a round amount only from
a rate the claim states itself: "£47 a night, £470 for the 10 nights"); an amount of three significant figures or more
that is another amount of the claim times a percentage the source states anywhere, or plus or less that share of it
("£40.00 | £48.00" under "VAT is added at 20%": `_own_figure_and_source_percent`); or a sum or difference of
two operands or such products ("2 adults at £14 and 2 children at £7 comes to £42"), never a figure with itself; a ratio
or a percentage change of two counts or amounts of one kind (for a percent); the total of three or more counts; for a
duration or an age, the time between two dates, two times or two years ("28 April" to "28 May" is 30 days, 13:10 to
14:25 is 75 minutes); for "N times", the ratio of two figures of one kind; a maximum only from another maximum of the
claim ("up to 8% of salary, up to £2,496"), or from a maximum of the evidence times a count of the claim ("up to 54
aliquots" from nine tubes at "up to six aliquots per tube"); a data size the claim restates in binary multiples of its
own figure ("18 TB is 18,432 GB"); two figures of the claim and then their exact sum ("25 days plus the 8 bank holidays,
so 33 days"), or two figures before it and then their exact difference ("20 free requests, so with 6 used you have 14
left"); a bound of three significant figures or more that is a figure plus or minus a bound of the other side, to its
last digit ("at least £934 left" from £1,284 and "up to £350"); the total of the low ends, or of the high ends, of three
or more ranges, the source's or the output's earlier ones ("roughly £12,600 to £21,050 in total"); an amount of three
significant figures or more that is a price of the claim or the source times a count of either, or a rate times a time
of either, to its last digit ("£649.50" for "£64.95 a day" over "the first 10 days": `_price_times_stated`, also for an
amount that is otherwise absent; a smaller amount only from a price and a count or time of the claim itself: "£8 a day
(£56 if you're there all seven days)"). Two dates of no stated year may run over the new year ("23 December to 2 January
is 10 nights"). A share or a multiple the claim, or the clause's sentence, names in words of a figure of its kind
("paying half, so £320" of £640, "milk for both of them, £29" of £14.50: `_share_in_words`) and the total of one column
over the rows of a source table that a name of the claim names ("your three Tesco shops came to £145.94": `_rows_total`)
are derived too, each to c's last digit. A time the source or the claim moves by a period the claim states ("from 07:52,
three hours later" after high water at 04:52) is matched too (`_time_from_period`; a period as written: "about 20
minutes", "at least a quarter of an hour before"), as is a weekday that a period the claim states moves a dated day of
the source onto ("5 days before" Tuesday 13 October 2026 is a Thursday: `_weekday_from_period`), as is a time of the
source that a relative period of the source moves onto it ("off the square 30 minutes before opening" at 5pm gives
4:30pm: `_time_from_rule`, on a conflict too), and the end of something that starts at a time the claim names and the
source states, by a duration of the source ("from 11:30 to 12:10" for a session "at 11:30" that "lasts 40 minutes":
`_end_of_a_stated_duration`). An amount per period is derived from the claim's own amount per another period ("£20.98 a
month, or £251.76 a year"), and a stated figure less an earlier figure of the output is derived as that figure plus or
minus one is (exactly, even when said loosely: "about £3,350 back" after £3,850 and a £500 excess), and a percent the
claim states of an earlier figure in its currency, or one earlier figure less another for a figure of four significant
figures or more ("the balance of £665.50" after "£865.50 for the two of us" and "£200 to start with":
`_earlier_plus_or_minus`). An amount or a duration the claim, or its line, calls a total is derived when it is the sum
of two to twelve figures stated one after another (the last amounts of a table's rows or of lines outside tables, or
figures outside tables; plain amounts for a total per a period) in the output before it or in the source
(`_total_of_a_run`: "**Total for the week: £693.90**" under six rows of pay); an amount that is the sum of every amount
of its currency the claim states before it, two or more, is the claim's own total ("orange juice (£2.70), yoghurt
(£2.40), bread (£1.20) | £6.30": `_sum_of_the_amounts_before`), and so is a price per batch times a quantity the
claim states, exactly ("1,000 | £9.80 per 100 | £98.00": `_price_per_batch`), and the gap between an amount the
claim states and one the source states, to the penny ("above £600 of goods, so this order missed it by £90.40" for
£509.60: `_gap_to_a_claimed_figure`). A duration or count right after "first",
"last" or "remaining" that is less than the figure of its slot is a part of it ("Fri 8 May, first 6 hrs" of an 8-hour
shift: `_first_or_last_part`). A date the source or the claim moves by a stated period to the day ("guaranteed for 2
years" from 12 March 2025) is matched (`_date_from_period`), and so is a deadline a rule of the source sets from one of
its dates, even where that date holds the slot ("cancel by 2 April" for "less than 7 days before" a 9 April dispatch;
"more than 14 days before" 24 July allows 9 July: `_deadline_from_rule`), a full date a whole number of months or years
the source states moves a full date of the source onto, forward and to the year, where the period's line shares a word
with the claim (a renewal by its own rule: "22 Dec 2025" for "22/12/2023" and "Safeguarding: renew every 2 years",
"annual" a year: `_date_after_stated_period`, on a conflict too), a date inside a period the source states from one date
to another, or the day before or after it (its edges: "12 to 16 July are low season" when high season starts on 17
July), as is a figure scaled by what the prompt asks ("double it", "from 4 to 10 servings"). A weekday is right when the
calendar gives it to the date written beside it, in the date's year, the one year of the source's full dates (its day,
month and year written), the source's one year, or, with no year anywhere, the year a dated weekday of the source fixes
("Friday 24 July" makes 9 July a Thursday): it is then no conflict with another date's weekday, and a day the output
named before with such a date is checked there. A date the claim gives with a weekday the source names without a date
("on the Wednesday"), within a week of a dated weekday of the source, is matched when that calendar makes it the weekday
named ("the Wednesday of your stay is 19 August" after "from Friday 14 August": `_dated_weekday_near_an_anchor`); a
weekday the source writes beside the same date as another one conflicts with it ("Tuesday 9 February" against "Monday 9
February": `_source_weekday_of_the_same_date`). "Monday to Friday" is what "weekdays" says, and "Saturday and Sunday"
what "weekends" says (`_weekday_span_named`). Two dates that share only a weekday, where the claim's date says nothing
of the other's sentence ("Monday 4 May is a bank holiday" against "take them from Monday 13 April"), are no versions of
one date (`_only_a_weekday_shared`). A rank lower than one the source adds ("the first bin" where "a second bin costs
£45"), or a rank the claim itself also names, is no conflict. Times in a regional clock ("2am UK time") are never
compared with another zone's. A figure whose own slot holds another figure is derived only from the source's figures,
never from the output's earlier ones (a figure the source nowhere states may be: a duration, also as the time between
two times or dates the output states before); but a figure the output stated before, the same figure of the same unit
(an amount of the same currency, per period or not), is checked where it first stands and is no conflict when repeated,
and neither is a figure of four significant figures or more that is an earlier figure of the output divided by a count
the claim states, to its last digit ("two equal payments of £892.80" after "£1,785.60"; "about £58.22" rounds 349.29 /
6). "Over" after a verb of spreading or paying ("spread it over six payments") is across, not more than. A derived
figure must fit c: a point rounds it (half its step, at most 10%; half a point for a percent), an approximation's figure
is within half a step or 5% of it (half a point for a percent), a bound is just past it (within a step or a quarter of
its figure: "more than 20" for 23).

Worked arithmetic (`worked_results`). A figure the claim itself computes and shows, "18 × £29.99 + 6 × £41.99 +
£20 set-up = £811.76" or a table row "| 2 adults × €18 × 2 flights | €72 |", is matched when the written expression
gives it (to half the step of its last written digit; 1% after "≈"), as is a table's "Total" row that sums its
column: the operands are the claim's other figures and checked as such, and a correct sum is no claim the source
must state. So is the whole-number count a correct product takes its amount by ("3 adults × €14", "3 × £6.50").
Pence and cents are hundredths of their currency there ("1,250 shares × 14.2p = £177.50").

Totals and rates. An amount the claim states without a "per" ("£649.50") never conflicts with a price per thing
or per period ("£64.95 a day", "14.2 pence per ordinary share", "£5 per dog"): a total and a rate fill different
slots whatever words they share, and the total is left to the derivations above.

Tables. Cells split by tabs, three spaces or pipes, and pasted CSV (three or more lines with the same number of
commas, thousands separators aside); a bare figure of a table whose caption or header gives a currency and scale
("Sales (£ thousands)") or under a column headed with a currency ("annual_cost_gbp") is an amount.

Negation. A claim's negation ("was not arrested") is a polarity mismatch with the evidence's un-negated occurrence
of the same word (no negation earlier in its clause) sharing its context lemmas (2, or all when it has fewer), when
the source never negates that word; an affirmed word of the claim ("was arrested") that the evidence negates, and
that the source never states un-negated in that context, is a polarity mismatch on the claim's word (kind
"negation", qualifier "affirmed", its span into the claim). Neither is ever a conflict: on hand-written grounded
pairs (tests/corpus/faithfulness, development half) every negation mismatch was a faithful paraphrase of a
condition. A word after a negative verb in its clause ("refused to cooperate", "rebuffed calls to give") is not
stated un-negated. "Qualified" negations (an adverb between: "did not immediately turn"; a hedge: "may not score")
are never polarity mismatches.

Measured (docs/benchmarks.md, "Value conflicts"; `bench/value_conflicts.py`, `bench/faithfulness_pairs.py`): every
rule above was tuned on development halves only (of the SummaC and AggreFact-SOTA val cuts, and of the hand-written
grounded pairs in tests/corpus/faithfulness, `split_of(id) == "dev"`); the test halves are reported beside them.

Cost. Extraction is one pass over a regex tokenisation with bounded look-around at each token, e-mail/URL anchors
expanded a bounded distance without re-walking, table rows found in one pass over the lines (a row's words read
once, a cell's header found by bisection): O(n) in the text's length (`extraction_work` counts the steps; tests
show it doubles with the text and with a table's width). A check costs O(|claim values| × (|evidence values| + log
|source values| + the source's names sharing a word)) after the source's one extraction, and a derivation at most
O(k log k) for k ≤ 520 operands and products (40 figures, 12 counts) or 300 source figures; `index_values` caches
per text.
"""

from __future__ import annotations

import bisect
import datetime
import itertools
import math
import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import cached_property, lru_cache
from typing import Literal

from rubriq.core.text import Span
from rubriq.core.verify.lexical import content_stems

KINDS = ("number", "quantity", "percent", "money", "duration", "age", "ordinal", "date", "time", "weekday", "email",
         "url", "entity", "negation", "quantifier")
# Kinds whose absence from the source is worth telling a person ("“in 2019” and “Berlin” are not in the source");
# a quantifier or negation the source does not repeat is not, on its own, a claim the source fails to support.
REPORTABLE_ABSENT_KINDS = frozenset(KINDS) - {"negation", "quantifier"}
# "first" as a word is mostly idiom, not a rank a source states ("first come, first served", "in your first year",
# "a third of them first-timers"): on the development halves of the hand-written grounded sets, the absent word
# "first" lay on faithful sentences 5 times in 5. It still conflicts with a rank the source gives in its slot.
_IDIOMATIC_ORDINALS = frozenset({"first"})


# "Option B", "Plan A", "Scenario 2": a label an output gives the alternatives it lays out, not a name of the source's
# (on the development halves of the hand-written grounded sets, two FA001 findings named only such labels, both on
# faithful sentences)
_ALTERNATIVE_LABEL_RE = re.compile(r"(?:Option|Plan|Scenario|Choice|Alternative)(?:\s+[A-Z0-9])?")


def reportable_absent(value: Value) -> bool:
    """Whether a value the source nowhere states is worth naming to a person (and counts against the claim)."""
    if value.kind == "ordinal" and value.text.lower() in _IDIOMATIC_ORDINALS:
        return False
    if value.kind == "entity" and _ALTERNATIVE_LABEL_RE.fullmatch(value.text):
        return False
    if value.kind == "time" and (value.unit == "local" or value.unit.endswith(" time")):
        return False  # "2am UK time" for a source's UTC: a conversion the date's clock rules decide, not checked here
    return value.kind in REPORTABLE_ABSENT_KINDS

Status = Literal["matched", "conflict", "absent", "polarity"]
INF = math.inf

# Words after a duration that make it a distance in time from an event, as the relation they state: "two days
# beforehand" and "48 hours before" are one requirement, as are "six weeks later" and "six weeks after that".
_RELATIVE_WORDS = {"ago": "ago", "later": "after", "earlier": "before", "before": "before", "after": "after",
                   "beforehand": "before", "ahead": "before", "prior": "before", "in": "before", "early": "before",
                   "afterwards": "after", "afterward": "after"}


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


# --- lexicons -----------------------------------------------------------------------------------------------------

STOPWORDS = _words("""
a an the of on in for to and or nor with about its it it's their theirs them they this that these those both all
each your yours you my me mine our ours us we i he she him her his hers is are was were be been being am do does
did done doing has have had having as at by from into onto over under after before while during than then so such
can could will would may might shall should must not no yes but if also very just only too there here what when
where why how which who whom whose any some much many more most other another same own up down out off again
further once per via upon within without between among across through against toward towards around
you're we're they're i'm i've you've we've they've you'll we'll they'll i'll he's she's that's there's let's
you'd we'd they'd i'd you’re we’re they’re i’m i’ve you’ve we’ve they’ve you’ll we’ll they’ll i’ll he’s she’s
that’s there’s let’s you’d we’d they’d i’d
himself herself itself themselves ourselves yourself myself 's s t ve ll re d m isn't wasn't aren't weren't
don't doesn't didn't hasn't haven't hadn't won't wouldn't can't cannot couldn't shouldn't never even ever yet
still already now today tonight though although because since until unless whether either neither else
almost nearly about approximately roughly some several few many lot lots least less fewer
""")
# Verbs of saying govern every quoted figure alike; as a governor they would put unrelated numbers in one slot.
WEAK_GOVERNORS = _words("say said says tell told add added report reported according accord state stated "
                           "claim claimed announce announced show showed shown include included")
_IRREGULAR = {
    "men": "man", "women": "woman", "children": "child", "people": "person", "persons": "person", "feet": "foot",
    "teeth": "tooth", "mice": "mouse", "geese": "goose", "won": "win", "said": "say", "told": "tell",
    "made": "make", "took": "take", "taken": "take", "went": "go", "gone": "go", "came": "come", "found": "find",
    "gave": "give", "given": "give", "got": "get", "held": "hold", "left": "leave", "lost": "lose", "met": "meet",
    "paid": "pay", "ran": "run", "saw": "see", "seen": "see", "sold": "sell", "sent": "send", "spent": "spend",
    "stood": "stand", "thought": "think", "wrote": "write", "written": "write", "knew": "know", "known": "know",
    "began": "begin", "begun": "begin", "brought": "bring", "bought": "buy", "built": "build", "caught": "catch",
    "chose": "choose", "chosen": "choose", "drew": "draw", "drawn": "draw", "drove": "drive", "driven": "drive",
    "fell": "fall", "fallen": "fall", "felt": "feel", "fought": "fight", "grew": "grow", "grown": "grow",
    "kept": "keep", "led": "lead", "meant": "mean", "rose": "rise", "risen": "rise", "shot": "shoot",
    "struck": "strike", "spoke": "speak", "spoken": "speak", "stole": "steal", "stolen": "steal",
    "threw": "throw", "thrown": "throw", "became": "become", "broke": "break", "broken": "break", "ate": "eat",
    "flew": "fly", "hid": "hide", "hidden": "hide", "taught": "teach", "wore": "wear", "worn": "wear",
    "sang": "sing", "sung": "sing", "sank": "sink", "swam": "swim", "beaten": "beat", "froze": "freeze",
    "frozen": "freeze", "forgot": "forget", "forgotten": "forget", "arose": "arise", "sought": "seek",
    "dealt": "deal", "heard": "hear", "laid": "lay", "lent": "lend", "shut": "shut", "slept": "sleep",
    "understood": "understand", "woke": "wake", "was": "be", "were": "be", "been": "be", "is": "be", "are": "be",
    "am": "be", "has": "have", "had": "have", "did": "do", "does": "do", "done": "do", "died": "die",
    "dies": "die", "dying": "die", "lives": "life", "staff": "staff", "news": "news", "series": "series",
    "data": "data", "media": "media", "police": "police",
}

_UNITS_WORDS = {
    "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
    "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16,
    "seventeen": 17, "eighteen": 18, "nineteen": 19,
}
_TENS_WORDS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80,
               "ninety": 90}
_SCALE_WORDS = {"thousand": 1e3, "million": 1e6, "billion": 1e9, "trillion": 1e12}
# Magnitude abbreviations written after digits; "m" and "b" mean million and billion only beside a currency.
_SCALE_ABBREVIATIONS = {"k": 1e3, "bn": 1e9, "bln": 1e9, "mn": 1e6, "mln": 1e6, "tn": 1e12, "trn": 1e12}
_CURRENCY_SCALE_ABBREVIATIONS = {"m": 1e6, "b": 1e9}
_ORDINAL_WORDS = {
    "first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8,
    "ninth": 9, "tenth": 10, "eleventh": 11, "twelfth": 12, "thirteenth": 13, "fourteenth": 14, "fifteenth": 15,
    "sixteenth": 16, "seventeenth": 17, "eighteenth": 18, "nineteenth": 19, "twentieth": 20, "thirtieth": 30,
    "fortieth": 40, "fiftieth": 50, "sixtieth": 60, "seventieth": 70, "eightieth": 80, "ninetieth": 90,
    "hundredth": 100, "thousandth": 1000, "millionth": 1000000,
}
_FRACTION_WORDS = {"half": 2, "halves": 2, "third": 3, "thirds": 3, "quarter": 4, "quarters": 4, "fifth": 5,
                   "fifths": 5, "sixth": 6, "sixths": 6, "seventh": 7, "sevenths": 7, "eighth": 8, "eighths": 8,
                   "ninth": 9, "ninths": 9, "tenth": 10, "tenths": 10}
# Vague plural magnitudes ("hundreds of people"): wide intervals, so that they only ever disagree grossly.
_VAGUE_WORDS = {"dozens": (20.0, 200.0), "scores": (40.0, 400.0), "hundreds": (100.0, 1000.0),
                "thousands": (1000.0, 100000.0), "millions": (1e6, 1e9), "billions": (1e9, 1e12)}

# Words that are part of a written number: never a value's context (two figures "in millions" share no slot).
_NUMBER_WORDS = frozenset(_UNITS_WORDS) | frozenset(_TENS_WORDS) | frozenset(_SCALE_WORDS) | _words(
    "hundred hundreds thousands millions billions dozen dozens percent cent")

_MONTHS = {
    "january": 1, "february": 2, "march": 3, "april": 4, "may": 5, "june": 6, "july": 7, "august": 8,
    "september": 9, "october": 10, "november": 11, "december": 12, "jan": 1, "feb": 2, "mar": 3, "apr": 4,
    "jun": 6, "jul": 7, "aug": 8, "sep": 9, "sept": 9, "oct": 10, "nov": 11, "dec": 12,
}
# Shortened month names, which a period may follow ("12 Sept."); "May." and "July." end a sentence.
_MONTH_ABBREVIATIONS = frozenset(m for m in _MONTHS if len(m) <= 4 and m not in ("may", "june", "july"))
# Month names that are also ordinary words or names: a date only beside a day or a year.
_AMBIGUOUS_MONTHS = frozenset({"may", "march", "jan", "mar", "jun", "jul", "aug", "sep", "sept", "oct", "nov",
                               "dec", "feb", "apr"})
# "March" and "May" alone are words too ("a protest march", "Theresa May"): capitalised after one of these they are
# the month ("opens in March", "until May"); "by" and "of" are left out ("a speech by May").
_AMBIGUOUS_WORD_MONTHS = frozenset({"march", "may"})
_SURE_MONTH_PREFIXES = frozenset({"in", "since", "until", "till", "from", "during", "early", "late", "mid", "last",
                                  "next", "this", "before", "after"})
_MONTH_ALONE_PREFIXES = _words("in since until till by last next this early late mid of during from before "
                                  "after between to through")
_WEEKDAYS = {"monday": 0, "tuesday": 1, "wednesday": 2, "thursday": 3, "friday": 4, "saturday": 5, "sunday": 6,
             "mondays": 0, "tuesdays": 1, "wednesdays": 2, "thursdays": 3, "fridays": 4, "saturdays": 5,
             "sundays": 6}
# Abbreviated weekdays, read only where a date, a time or another weekday stands beside them ("Sat 13 Jun",
# "Mon–Fri", "Thu 19:00"): "the sun", "she sat" and "Wed" alone name no day.
_WEEKDAY_ABBREVIATIONS = {"mon": 0, "tue": 1, "tues": 1, "wed": 2, "thu": 3, "thur": 3, "thurs": 3, "fri": 4,
                          "sat": 5, "sun": 6}
_YEAR_PREFIXES = _words("in since until till by from during circa c before after of the early late mid "
                           "spring summer autumn fall winter season year between and to")

_SECONDS = {"second": 1.0, "seconds": 1.0, "sec": 1.0, "secs": 1.0, "minute": 60.0, "minutes": 60.0, "min": 60.0,
            "mins": 60.0, "hour": 3600.0, "hours": 3600.0, "hr": 3600.0, "hrs": 3600.0, "day": 86400.0,
            "days": 86400.0, "week": 604800.0, "weeks": 604800.0, "fortnight": 1209600.0, "fortnights": 1209600.0,
            "night": 86400.0, "nights": 86400.0, "month": 2629746.0, "months": 2629746.0, "year": 31556952.0,
            "years": 31556952.0, "yr": 31556952.0,
            "yrs": 31556952.0, "decade": 315569520.0, "decades": 315569520.0, "century": 3155695200.0,
            "centuries": 3155695200.0}
_TIMES_SIGNS = frozenset({"x", "×"})  # "40 x 30 cm", "40×30×20 cm": the sides of a size
# "six-monthly", "two-weekly": a period of N units, as "every six months" states it.
_EVERY_N = {"hourly": "hour", "daily": "day", "weekly": "week", "monthly": "month", "yearly": "year"}
# Physical units: canonical unit and factor. Temperatures do not convert (affine scales): each is its own unit.
_PHYSICAL = {
    "mm": ("m", 1e-3), "millimetre": ("m", 1e-3), "millimetres": ("m", 1e-3), "millimeter": ("m", 1e-3),
    "millimeters": ("m", 1e-3), "cm": ("m", 1e-2), "centimetre": ("m", 1e-2), "centimetres": ("m", 1e-2),
    "centimeter": ("m", 1e-2), "centimeters": ("m", 1e-2), "metre": ("m", 1.0), "metres": ("m", 1.0),
    "meter": ("m", 1.0), "meters": ("m", 1.0), "km": ("m", 1e3), "kilometre": ("m", 1e3),
    "kilometres": ("m", 1e3), "kilometer": ("m", 1e3), "kilometers": ("m", 1e3), "mile": ("m", 1609.344),
    "miles": ("m", 1609.344), "ft": ("m", 0.3048), "foot": ("m", 0.3048), "feet": ("m", 0.3048),
    "yard": ("m", 0.9144), "yards": ("m", 0.9144), "inch": ("m", 0.0254), "inches": ("m", 0.0254),
    "mg": ("kg", 1e-6), "milligram": ("kg", 1e-6), "milligrams": ("kg", 1e-6), "g": ("kg", 1e-3),
    "gram": ("kg", 1e-3), "grams": ("kg", 1e-3), "kg": ("kg", 1.0), "kilogram": ("kg", 1.0),
    "kilograms": ("kg", 1.0), "kilo": ("kg", 1.0), "kilos": ("kg", 1.0), "tonne": ("kg", 1e3),
    "tonnes": ("kg", 1e3), "ton": ("kg", 1e3), "tons": ("kg", 1e3), "lb": ("kg", 0.45359237),
    "lbs": ("kg", 0.45359237), "ounce": ("kg", 0.028349523), "ounces": ("kg", 0.028349523),
    "oz": ("kg", 0.028349523), "acre": ("m2", 4046.8564), "acres": ("m2", 4046.8564), "hectare": ("m2", 1e4),
    "hectares": ("m2", 1e4), "ha": ("m2", 1e4), "litre": ("l", 1.0), "litres": ("l", 1.0), "liter": ("l", 1.0),
    "liters": ("l", 1.0), "ml": ("l", 1e-3), "millilitre": ("l", 1e-3), "millilitres": ("l", 1e-3),
    "gallon": ("l", 3.785411784), "gallons": ("l", 3.785411784), "barrel": ("l", 158.987295),
    "barrels": ("l", 158.987295), "mph": ("m/s", 0.44704), "kph": ("m/s", 1 / 3.6), "knot": ("m/s", 0.514444),
    "knots": ("m/s", 0.514444), "w": ("W", 1.0), "watt": ("W", 1.0), "watts": ("W", 1.0), "kw": ("W", 1e3),
    "kilowatt": ("W", 1e3), "kilowatts": ("W", 1e3), "mw": ("W", 1e6), "megawatt": ("W", 1e6),
    "megawatts": ("W", 1e6), "gw": ("W", 1e9), "gigawatt": ("W", 1e9), "gigawatts": ("W", 1e9),
    "kwh": ("Wh", 1e3), "mwh": ("Wh", 1e6), "gwh": ("Wh", 1e9), "kb": ("B", 1e3), "mb": ("B", 1e6),
    "gb": ("B", 1e9), "tb": ("B", 1e12), "celsius": ("degC", 1.0), "fahrenheit": ("degF", 1.0),
}
_CURRENCY_SYMBOLS = {"$": "USD", "€": "EUR", "£": "GBP", "¥": "JPY", "₹": "INR", "₩": "KRW", "₽": "RUB"}
_DOLLAR_PREFIXES = {"us": "USD", "a": "AUD", "au": "AUD", "c": "CAD", "ca": "CAD", "hk": "HKD", "nz": "NZD",
                    "s": "SGD", "r": "BRL"}
_CURRENCY_CODES = {"usd": "USD", "eur": "EUR", "gbp": "GBP", "jpy": "JPY", "chf": "CHF", "cny": "CNY",
                   "inr": "INR", "aud": "AUD", "cad": "CAD", "rs": "INR"}
_CURRENCY_WORDS = {"dollar": "USD", "dollars": "USD", "euro": "EUR", "euros": "EUR", "pound": "GBP",
                   "pounds": "GBP", "sterling": "GBP", "yen": "JPY", "yuan": "CNY", "renminbi": "CNY",
                   "rupee": "INR", "rupees": "INR", "franc": "CHF", "francs": "CHF", "ruble": "RUB",
                   "rubles": "RUB", "rouble": "RUB", "roubles": "RUB", "won": "KRW"}
_SUBUNITS = {"p": ("GBP", 0.01), "pence": ("GBP", 0.01), "penny": ("GBP", 0.01), "cent": ("USD", 0.01),
             "cents": ("USD", 0.01)}
_SCALE_VERBS = {"double": 2.0, "doubled": 2.0, "doubling": 2.0, "triple": 3.0, "tripled": 3.0, "tripling": 3.0,
                "quadruple": 4.0, "quadrupled": 4.0, "halve": 0.5, "halved": 0.5, "halving": 0.5}
_SERVINGS_RE = re.compile(r"(?i)\b(?:(?:serves|feeds|makes)\s+([a-z]+|\d{1,3})\b|([a-z]+|\d{1,3})\s+(?:people|persons|"
                          r"servings|portions|guests|diners)\b)")


def _servings(text: str) -> tuple[set[float], set[float]]:
    """The numbers of servings a text names ("serves 4", "for ten people", 10 in "from 4 to 10 servings"), and
    those it scales from (4 in "from 4 to 10 servings")."""
    found: set[float] = set()
    starting: set[float] = set()
    for m in _SERVINGS_RE.finditer(text):
        word = (m.group(1) or m.group(2)).lower()
        number = float(word) if word.isdigit() else _UNITS_WORDS.get(word)
        if number:
            found.add(float(number))
        before = text[max(0, m.start() - 12):m.start()]
        if m.group(2) and (ahead := re.search(r"(\d{1,3})\s+to\s+$", before)):
            starting.add(float(ahead.group(1)))
    return found, starting


_SCALE_VERB_RE = re.compile(r"(?i)\b(" + "|".join(_SCALE_VERBS) + r")\b(?![-\s]+(?:check|space|click|tap|quote))")
_VIDEO_LINES = frozenset({"144", "240", "360", "480", "576", "720", "1080", "1440", "2160", "4320"})
_TIME_ZONES = {"utc": 0, "gmt": 0, "z": 0, "bst": 60, "cet": 60, "cest": 120, "eet": 120, "eest": 180,
               "est": -300, "edt": -240, "cdt": -300, "mst": -420, "mdt": -360, "pst": -480, "pdt": -420,
               "jst": 540, "kst": 540, "aest": 600, "aedt": 660, "hkt": 480, "sgt": 480, "ist": None, "cst": None,
               "et": None, "pt": None, "ct": None, "mt": None}
# Places whose clock time a date decides ("UK time" is GMT in winter, BST in summer): a zone of unknown offset.
_REGION_TIMES = frozenset({"uk", "london", "british", "irish", "dublin", "paris", "berlin", "european",
                           "eastern", "pacific", "central", "mountain", "us", "sydney"})
_MERIDIEM = {"am": 0, "a.m.": 0, "pm": 12, "p.m.": 12}

# Qualifiers written before a number: (phrase → normalised qualifier). Longest phrases first when matching.
_PREFIX_QUALIFIERS = {
    "about": "about", "around": "about", "approximately": "about", "roughly": "about", "some": "about",
    "circa": "about", "c.": "about", "an estimated": "about", "estimated": "about", "close to": "about",
    "in the region of": "about", "nearly": "nearly", "almost": "nearly", "just under": "nearly",
    "just below": "nearly", "not quite": "nearly", "just over": "just over", "just above": "just over",
    "more than": "more than", "over": "more than", "above": "more than", "greater than": "more than",
    "in excess of": "more than", "higher than": "more than", "exceeding": "more than", "upwards of": "more than",
    "upward of": "more than", "north of": "more than", "at least": "at least", "no fewer than": "at least",
    "no less than": "at least", "not less than": "at least", "a minimum of": "at least", "minimum": "at least",
    "fewer than": "fewer than", "less than": "fewer than", "under": "fewer than", "below": "fewer than",
    "lower than": "fewer than", "at most": "at most", "up to": "at most", "as many as": "at most",
    "as much as": "at most", "no more than": "at most", "not more than": "at most", "a maximum of": "at most",
    "maximum": "at most", "limited to": "at most", "capped at": "at most", "a limit of": "at most",
    "a cap of": "at most", "exactly": "exactly", "precisely": "exactly", "only": "exactly", "just": "exactly",
}
_MAX_QUALIFIER_WORDS = 4
_THRESHOLD_WORDS = {"minimum": "at least", "maximum": "at most"}
_SPREAD_OVER_RE = re.compile(r"\b(?:spread|split|divided|divide|paid|pay|payable|repaid|repay|repayable|spreading|"
                             r"splitting|paying)\b(?:\s+\S+){0,2}$")
# Words after "for the week" that make the period part of a name ("£20 for the day ticket"): no rate.
_PERIOD_NOUN_GUARDS = frozenset({"ticket", "tickets", "pass", "passes", "trip", "trips", "rate", "rates", "event"})
# Adjectives of a period in a label before an amount ("Monthly fee: £12"): the amount is a rate per that period.
_PERIOD_ADJECTIVES = {"monthly": "month", "weekly": "week", "annual": "year", "yearly": "year", "daily": "day",
                      "hourly": "hour"}
_AGE_BEFORE = frozenset({"aged", "ages"})  # the word that makes the number after it an age
_SUFFIX_QUALIFIERS = {("or", "more"): "at least", ("or", "over"): "at least", ("or", "fewer"): "at most",
                      ("or", "less"): "at most", ("or", "so"): "about",
                      # "ages 10 and up", "5 and under", "18 or older"
                      ("and", "up"): "at least", ("and", "upwards"): "at least", ("and", "over"): "at least",
                      ("and", "above"): "at least", ("or", "older"): "at least", ("and", "older"): "at least",
                      ("and", "under"): "at most", ("and", "below"): "at most", ("or", "under"): "at most",
                      ("or", "younger"): "at most", ("and", "younger"): "at most"}
# Words after which a number is a label, not a value ("section 3", "figure 2", "No. 10", "version 3.2").
_LABEL_WORDS = _words("section sections chapter chapters article articles figure figures fig table tables step "
                         "steps item items rule rules paragraph paragraphs clause clauses appendix part page pages "
                         "p pp vol volume issue version v no nos number level grade room flight route platform "
                         "exhibit schedule annex footnote note line lines verse psalm question q point points "
                         "option options bullet bullets stage phase tier")
LAST_DIGITS = "last digits"  # the unit of an identifier's last digits ("card ending 4471")
_PERIOD_ENDING_WORDS = _words("year years period periods quarter quarters month months week weeks season term terms "
                              "half")
# Words between a number and its head noun that describe the counted thing rather than name it.
_MODIFIERS = _words("new more other extra additional further full-time part-time full part young old former "
                       "senior junior local foreign british american european international national small large "
                       "big major minor key separate different similar existing current previous same few")

# Nouns that count people alike: "three people" and "two members" of one team are one count.
# "the two remaining finalists" counts a part of the finalists, not all of them: the word stays the head
_PART_WORDS = frozenset({"remaining", "surviving", "outstanding", "unused", "leftover", "unsold", "unfilled",
                         "selected", "shortlisted", "affected", "unaffected"})
_PERSON_NOUNS = frozenset({"person", "member", "staff", "employe", "worker", "individual"})
# Words after a figure that are not what it counts: "287 behind", "€150 cheaper", "two apart".
_NUMBER_OF_VERBS = _words("was were is are stood stands totalled totaled reached came rose fell")
_NOT_COUNTED = _words("behind ahead apart away back apiece overall altogether instead cheaper dearer lighter heavier "
                      "longer shorter higher lower bigger smaller faster slower larger older younger greater")
_NEGATION_CUES = _words("not never nobody none nothing nowhere neither nor cannot")
_NOT_NEGATION_AFTER = _words("only just least merely longer sooner doubt")  # "not only", "no doubt"
_QUANTIFIERS = {"all": "all", "every": "all", "each": "all", "entire": "all", "some": "some", "most": "some",
                "many": "some", "several": "some", "few": "some", "no": "none", "only": "only"}
_HEDGING_MODALS = _words("may might")
_SCOPE_ADVERBS = _words("yet always necessarily entirely fully quite just only all completely even")
_NEGATION_SKIP = _words("be been being have has had do does did yet always even ever also still really "
                           "actually necessarily immediately currently a an the any to")

# Words after a name that do not make it a modifier of a noun ("Caen last May", "Paris yesterday").
_NOT_HEADS = _words("last next later earlier yesterday today tonight tomorrow recently previously alone "
                       "itself himself herself themselves instead")
_PREPOSITIONS = _words("in on at by for from to of with into onto over under after before during since until "
                          "between among against about via per than as within without across through toward towards "
                          "upon")
# Verbs that take a length of time as their object: "lasts an hour", "takes a week".
_DURATION_VERBS = _words("last lasts lasted lasting take takes took taking spend spends spent spending wait waits "
                         "waited waiting")
_ORDINAL_MODIFIERS = _words("consecutive successive straight running")
_PARTIAL_BEFORE = _words("further another additional extra other")
_TITLES = _words("mr mrs ms miss dr prof professor sir dame lord lady rev st mx")
# Titles and offices written before a name ("Archbishop Martin", "President Obama"): dropped from the name's key
# when a name follows, so the office alone never makes two people one slot.
_OFFICES = _words("archbishop bishop cardinal pope king queen prince princess duke duchess president chancellor "
                     "minister senator governor mayor judge justice general colonel captain sergeant officer coach "
                     "manager striker midfielder defender goalkeeper chairman chief secretary inspector detective "
                     "constable sheriff councillor deputy father sister brother")
# Words names share without being one name ("Scottish Borders", "Scottish Fire"): no evidence of one slot.
_GENERIC_NAME_WORDS = _words("north south east west northern southern eastern western new great royal national "
                                "international united central general grand saint old upper lower greater first "
                                "county city state republic university college school club party council "
                                "department ministry office group company association society league cup")
_CONNECTORS = _words("of de del della la le van von der den da di du al el bin ibn y")
# Demonyms whose stem differs from the country's: general knowledge, so "French" counts as stated by "France".
_DEMONYMS = {
    "french": "france", "welsh": "wales", "dutch": "netherlands", "british": "britain", "english": "england",
    "irish": "ireland", "scottish": "scotland", "scots": "scotland", "spanish": "spain", "swiss": "switzerland",
    "swedish": "sweden", "danish": "denmark", "finnish": "finland", "norwegian": "norway", "polish": "poland",
    "turkish": "turkey", "greek": "greece", "thai": "thailand", "filipino": "philippines", "peruvian": "peru",
    "chilean": "chile", "israeli": "israel", "iraqi": "iraq", "pakistani": "pakistan", "saudi": "saudi",
    "american": "america", "us": "america", "usa": "america", "uk": "britain", "german": "germany",
    "chinese": "china", "japanese": "japan", "portuguese": "portugal", "vietnamese": "vietnam",
    "lebanese": "lebanon", "sudanese": "sudan", "egyptian": "egypt", "afghan": "afghanistan",
    "kiwi": "zealand", "emirati": "emirates", "belgian": "belgium", "czech": "czechia", "icelandic": "iceland",
}
_TLDS = _words("com org net edu gov io co uk de fr info biz ai app dev eu us ca au int mil")

# --- tokens ---------------------------------------------------------------------------------------------------------

_NEWLINE_RE = re.compile("\n")
_THOUSANDS_DECIMAL_RE = re.compile(r"\d{1,3}(?:,\d{3})+\.\d+$")
_TOKEN_RE = re.compile(r"(\d+(?:\.\d+|,\d{1,3}(?!\d))*)|([^\W\d_]+(?:['’][^\W\d_]+)*)|(\S)")
NUM, WORD, SYM = 1, 2, 3
# One figure with both separators: thousands then a decimal part, in either convention ("1,234.56", "1.234,56").
_ONE_NUMBER_RE = re.compile(r"\d{1,3}(?:,\d{3})+\.\d+|\d{1,3}(?:\.\d{3})+,\d+")
_CLAUSE_BREAKS = frozenset(".!?;:()[]{}\"“”'‘’`")
_SENTENCE_ENDS = frozenset(".!?:")
_OPENERS = frozenset("\"'“‘([{*-–—•#>")
_QUOTES = frozenset("\"'“”‘’`")
_MAX_ROW_WORDS = 12
_MAX_ROW_TOKENS = 60  # a row's words are read from its first tokens: a label comes first
_MAX_SENTENCE_WORDS = 12
_MAX_SENTENCE_TOKENS = 8 * _MAX_SENTENCE_WORDS  # tokens walked each side to find them (numbers are not content)
_MAX_DIGITS = 30  # a longer run of digits is not a figure anyone states; int() of it could be very slow
_MAX_NUMBER_WORDS = 12
_MAX_LINK = 2000
_EMAIL_LOCAL = 64
_EMAIL_DOMAIN = 253


@lru_cache(maxsize=65536)
def lemma(word: str) -> str:
    """A crude lemma: lower-cased, possessive and regular inflections removed, a final "e" dropped."""
    w = word.lower().replace("’", "'")
    if w.endswith("'s"):
        w = w[:-2]
    elif w.endswith("'"):
        w = w[:-1]
    if w in _IRREGULAR:
        return _IRREGULAR[w]
    for suffix, replacement in (("ies", "y"), ("ied", "y"), ("ing", ""), ("ed", ""), ("es", ""), ("s", "")):
        if w.endswith(suffix) and len(w) - len(suffix) >= 3:
            if suffix == "s" and w.endswith(("ss", "us", "is")):
                break
            w = w[: len(w) - len(suffix)] + replacement
            break
    if len(w) > 3 and w.endswith("e"):
        w = w[:-1]
    return w


# Verbs that negate what they govern: a word after them in their clause is not stated as a fact.
_NEGATIVE_VERBS = frozenset(map(lemma, _words("refuse fail deny decline reject rebuff avoid prevent stop cease halt "
                                               "lack unable")))


@dataclass(frozen=True, slots=True)
class Value:
    """One value stated by a text; see the module docstring for every field's meaning."""

    kind: str
    span: Span
    text: str
    key: tuple
    unit: str = ""
    low: float | None = None
    high: float | None = None
    step: float = 0.0
    qualifier: str = ""
    governor: str = ""
    context: tuple[str, ...] = ()
    in_table: bool = False
    column: tuple[str, ...] = ()
    sentence: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class ValueCheck:
    """The verdict on one value of a claim.

    `evidence` is, for a conflict, the evidence value it contradicts; for a match, the agreeing value (None when
    the value is derived from several); for an absent value, None. `in_evidence` tells whether `evidence.span`
    points into the evidence (True) or into the source (False). `reason` says why, in a few words.
    """

    value: Value
    status: Status
    evidence: Value | None
    in_evidence: bool
    reason: str
    # For a change that the claim's own "from A to B" contradicts ("from £18.40 to £19.70, a rise of £1.50"): the
    # working, "from £18.40 to £19.70 is £1.30"; `evidence` is then that range, a value of the claim.
    working: str = ""


# --- the scanner ----------------------------------------------------------------------------------------------------


@dataclass(slots=True)
class _Raw:
    """A value before its context is known: token range [first, last) and the fields so far."""

    kind: str
    start: int
    end: int
    first: int
    last: int
    key: tuple
    unit: str = ""
    low: float | None = None
    high: float | None = None
    step: float = 0.0
    qualifier: str = ""


def _step_of_digits(digits: str) -> float:
    """Rounding step of a written number: 10^(trailing zeros) for integers, 10^-(decimals) otherwise."""
    if "." in digits:
        return 10.0 ** -(len(digits) - digits.index(".") - 1)
    stripped = digits.rstrip("0")
    zeros = len(digits) - len(stripped) if stripped else 0
    return 10.0 ** zeros


def _step_of_value(value: float) -> float:
    if value <= 0 or value != int(value) or value >= 1e18:
        return 1.0
    number = int(value)
    step = 1
    while number % (step * 10) == 0:
        step *= 10
    return float(step)


def _interval(value: float, step: float, qualifier: str) -> tuple[float, float]:
    if qualifier == "about":
        margin = max(abs(value) * 0.1, step / 2)
        return value - margin, value + margin
    if qualifier == "nearly":
        return value - max(abs(value) * 0.1, step / 2), value
    if qualifier == "just over":
        return value, value + max(abs(value) * 0.1, step / 2)
    if qualifier in ("more than", "at least"):
        return value, INF
    if qualifier in ("fewer than", "at most"):
        return -INF, value
    return value, value


@dataclass(frozen=True, slots=True)
class _TableRow:
    """A row of a table: the character spans of its cells, and of its table's header row (empty: no header)."""

    start: int
    cells: tuple[tuple[int, int], ...]
    header_start: int
    header: tuple[tuple[int, int], ...]
    piped: bool

    def column(self, position: int) -> tuple[int, int] | None:
        """The span of the header cell over the cell holding character `position` (found by bisection: a long row
        costs a logarithm, not a scan)."""
        if not self.header:
            return None
        index = bisect.bisect_right(self.cells, (position, INF)) - 1
        if index < 0 or not self.cells[index][0] <= position < self.cells[index][1]:
            return None
        if self.piped:
            return self.header[index] if index < len(self.header) else None
        a, b = self.cells[index][0] - self.start, self.cells[index][1] - self.start
        near = bisect.bisect_left(self.header, (self.header_start + a, -1))

        def fit(cell: tuple[int, int]) -> tuple[int, float]:
            x, y = cell[0] - self.header_start, cell[1] - self.header_start
            return min(b, y) - max(a, x), -abs((a + b) / 2 - (x + y) / 2)

        return max(self.header[max(0, near - 2): near + 2], key=fit)


_CELL_GAP_RE = re.compile(r"\t|[ \u00a0]{3,}|\|")
_TABLE_RULE_RE = re.compile(r"[\s|:+-]*-{3,}[\s|:+-]*$")


_CSV_GAP_RE = re.compile(r",(?!(?<=\d,)\d{3}(?!\d))")
_CSV_COMMA_RE = _CSV_GAP_RE
_CSV_MIN_LINES = 3
_LIST_LINE_RE = re.compile(r"[ \t]*(?:[-*•+]|\d{1,3}[.)])[ \t]")  # "- apples, pears, plums" is a list item


def _csv_lines(lines: list[str]) -> set[int]:
    """The lines of pasted CSV: three or more in a row with the same number (two or more) of commas and no sentence
    end, so prose with commas is never split into cells."""
    found: set[int] = set()
    run: list[int] = []
    counts = [len(_CSV_COMMA_RE.findall(line)) for line in lines] + [0]
    for number, line in enumerate((*lines, "")):
        commas = counts[number]
        # a thousands separator ("1,486") splits no cells, and a table aligned by spaces is no CSV
        plain = commas >= 2 and not line.rstrip().endswith((".", "?", "!")) and '"' not in line and \
            "   " not in line and "\t" not in line and not _LIST_LINE_RE.match(line)
        if plain and run and counts[run[-1]] == commas:
            run.append(number)
            continue
        if len(run) >= _CSV_MIN_LINES:
            found.update(run)
        run = [number] if plain else []
    return found


def _table_rows(text: str) -> dict[int, _TableRow]:
    """The rows of the tables in `text`, by the offset their line starts at.

    A table is a run of two or more consecutive lines of two or more cells (cells split by tabs, three spaces or
    pipes; a rule line of dashes may sit between); its first row is the header when no cell of it holds a digit or a
    rule line follows it. The header row itself is not listed.
    """
    lines: list[tuple[int, tuple[tuple[int, int], ...] | None, bool, bool]] = []  # start, cells, rule, piped
    position = 0
    split = text.split("\n")
    csv = _csv_lines(split)
    for number, line in enumerate(split):
        start = position
        position += len(line) + 1
        if "-" in line and _TABLE_RULE_RE.match(line):
            lines.append((start, None, True, "|" in line))
            continue
        cells: list[tuple[int, int]] = []
        cursor = 0
        for m in (*(_CSV_GAP_RE if number in csv else _CELL_GAP_RE).finditer(line), None):
            piece_end = m.start() if m is not None else len(line)
            piece = line[cursor:piece_end]
            if piece.strip():
                lead = len(piece) - len(piece.lstrip())
                cells.append((start + cursor + lead, start + cursor + len(piece.rstrip())))
            if m is not None:
                cursor = m.end()
        lines.append((start, tuple(cells) if len(cells) >= 2 else None, False, "|" in line or number in csv))
    rows: dict[int, _TableRow] = {}
    block: list[tuple[int, tuple[tuple[int, int], ...] | None, bool, bool]] = []
    for entry in (*lines, (0, None, False, False)):
        if entry[1] is not None or (entry[2] and block):
            block.append(entry)
            continue
        cells_rows = [b for b in block if b[1] is not None]
        if len(cells_rows) >= 2:
            first = cells_rows[0]
            first_text = text[first[0]: first[1][-1][1]]
            ruled = len(block) > 1 and block[1][2]
            has_header = ruled or not any(ch.isdigit() for ch in first_text)
            header_start, header = (first[0], first[1]) if has_header else (0, ())
            for start, cells, _, piped in cells_rows[1:] if has_header else cells_rows:
                rows[start] = _TableRow(start, cells, header_start, header, piped)
        block = []
    return rows


_SLASH_DATE_RE = re.compile(r"(?<![\d/])(\d{1,2})/(\d{1,2})/(?:\d{4}|\d{2})(?![\d/])")
_FULL_MONTHS = "|".join(m for m in _MONTHS if len(m) > 4 or m in ("may", "june", "july"))
_DAY_THEN_MONTH_RE = re.compile(rf"\b\d{{1,2}}(?:st|nd|rd|th)?\s+(?:of\s+)?(?:{_FULL_MONTHS})\b", re.IGNORECASE)
_MONTH_THEN_DAY_RE = re.compile(rf"\b(?:{_FULL_MONTHS})\s+\d{{1,2}}(?:st|nd|rd|th)?\b(?!\s*(?:\d|%|[^\W\d_]))",
                                re.IGNORECASE)
_DOTTED_DATE_RE = re.compile(r"(\d{1,2})\.(\d{1,2})\.(\d{4})")


class _Scanner:
    def __init__(self, text: str) -> None:
        self.text = text
        self._numeric_date_order: str | None = None
        # one pass, keeping no match object: on a long text a list of them is most of the scanner's memory
        self.starts, self.ends, self.toks, self.types = [], [], [], []
        for m in _TOKEN_RE.finditer(text):
            tok = m.group()
            if m.lastindex == NUM and "," in tok and "." in tok and not _ONE_NUMBER_RE.fullmatch(tok):
                # "164.00,856.45": two cells of a CSV row, not one figure (a decimal part never has a separator
                # after it); each piece is a number, each comma a symbol
                at = m.start()
                for k, piece in enumerate(tok.split(",")):
                    if k:
                        self.starts.append(at)
                        self.ends.append(at + 1)
                        self.toks.append(",")
                        self.types.append(SYM)
                        at += 1
                    if piece:
                        self.starts.append(at)
                        self.ends.append(at + len(piece))
                        self.toks.append(piece)
                        self.types.append(NUM)
                    at += len(piece)
                continue
            self.starts.append(m.start())
            self.ends.append(m.end())
            self.toks.append(tok)
            self.types.append(m.lastindex)
        self.lows = [t.lower() for t in self.toks]
        self.n = len(self.toks)
        self.work = self.n
        # a token that starts a line; a content word's lemma ("" for function words and symbols); clause breaks
        self.line_start = [False] * self.n
        if self.n:
            self.line_start[0] = True
        for m in _NEWLINE_RE.finditer(text):
            k = bisect.bisect_right(self.starts, m.start())
            if k < self.n:
                self.line_start[k] = True
        # the offset each token's line starts at, and the table rows of the text by that offset
        self.line_begin = [0] * self.n
        begin = 0
        for k in range(self.n):
            if self.line_start[k] and k:
                begin = text.rfind("\n", self.ends[k - 1], self.starts[k]) + 1
            self.line_begin[k] = begin
        self.table_rows = _table_rows(text) if ("\t" in text or "   " in text or "|" in text or
                                                text.count(",") >= 2 * _CSV_MIN_LINES) else {}
        self._row_words: dict[int, list[tuple[int, str]]] = {}
        self.content = [lemma(w) if t == WORD and w not in STOPWORDS and w not in _NUMBER_WORDS else ""
                        for w, t in zip(self.lows, self.types, strict=True)]
        self.breaks = [t == SYM and w in _CLAUSE_BREAKS for w, t in zip(self.toks, self.types, strict=True)]
        self.raws: list[_Raw] = []
        self.blocked = [False] * self.n  # tokens inside e-mail addresses and URLs
        self._midcaps: set[str] | None = None
        self._amount_first = 0

    # token helpers
    def adjacent(self, i: int) -> bool:
        """Token i follows token i-1 with no space between."""
        return 0 < i < self.n and self.ends[i - 1] == self.starts[i]

    def _cell_gap_before(self, i: int) -> bool:
        """A line break, a tab or a run of three spaces between token i-1 and token i."""
        gap = self.text[self.ends[i - 1]:self.starts[i]]
        return "\n" in gap or "\t" in gap or "   " in gap

    def newline_before(self, i: int) -> bool:
        return i <= 0 or (i < self.n and self.line_start[i])

    def low(self, i: int) -> str:
        return self.lows[i] if 0 <= i < self.n else ""

    def is_word(self, i: int) -> bool:
        return 0 <= i < self.n and self.types[i] == WORD

    def is_num(self, i: int) -> bool:
        return 0 <= i < self.n and self.types[i] == NUM

    def is_initial(self, i: int) -> bool:
        """Token i starts a sentence, a line or a quotation."""
        j = i - 1
        steps = 0
        if j >= 0 and self.toks[j] in _QUOTES:
            return True  # a capital after a quotation mark opens a quoted sentence (or follows one)
        # a checkbox typed as "[ ]" or "[x]" ("- [ ] Remind everyone to pack a towel") opens a list line too
        if j >= 1 and self.toks[j] == "]" and self.toks[j - 1] == "[":
            j -= 2
        elif j >= 2 and self.toks[j] == "]" and self.lows[j - 1] == "x" and self.toks[j - 2] == "[":
            j -= 3
        # openers, and the emoji, checkboxes and arrows that start a list line ("☐ Add up every chart at 10pm")
        while j >= 0 and steps < 3 and self.types[j] == SYM and (self.toks[j] in _OPENERS or
                                                                  not self.toks[j].isascii()):
            if self.newline_before(j + 1):
                return True
            j -= 1
            steps += 1
        self.work += steps
        if j < 0 or self.newline_before(j + 1) or self._cell_gap_before(j + 1) or self.toks[j] == "|":
            return True  # a table cell opens like a sentence: "| **Monthly total** |"
        if self.toks[j] == "." and j > 0 and self.adjacent(j) and self.types[j - 1] == WORD and (
                self.lows[j - 1] in _TITLES or (len(self.toks[j - 1]) == 1 and self.toks[j - 1].isupper())):
            return False  # "Mr. Smith", "J. Smith"
        return self.types[j] == SYM and self.toks[j] in _SENTENCE_ENDS

    @property
    def midcaps(self) -> set[str]:
        """Capitalised words found in mid-sentence: a sentence-initial word among them is a name."""
        if self._midcaps is None:
            found: set[str] = set()
            for i in range(self.n):
                tok = self.toks[i]
                if self.types[i] == WORD and tok[0].isupper() and not self.is_initial(i):
                    found.add(self.lows[i])
            self.work += self.n
            self._midcaps = found
        return self._midcaps

    def add(self, kind: str, first: int, last: int, key: tuple, *, start: int | None = None, **fields) -> int:
        raw = _Raw(kind, self.starts[first] if start is None else start, self.ends[last - 1], first, last, key,
                   **fields)
        self.raws.append(raw)
        self.work += 1
        return last

    # the pass
    def run(self) -> list[_Raw]:
        self._links()
        blocked, types, lows, toks = self.blocked, self.types, self.lows, self.toks
        handlers = _WORD_HANDLERS
        i = 0
        n = self.n
        self.work += n
        while i < n:
            if blocked[i]:  # inside an e-mail address or a URL
                i += 1
                continue
            kind = types[i]
            j = i
            if kind == NUM:
                j = self._numeric(i)
            elif kind == WORD:
                low = lows[i]
                for handler in handlers.get(low, ()):
                    j = handler(self, i)
                    if j != i:
                        break
                if j == i and ("'" in low or "’" in low):
                    if low[:-2] in _WEEKDAYS and low.endswith(("'s", "’s")):  # "Saturday's match"
                        j = self.add("weekday", i, i + 1, (_WEEKDAYS[low[:-2]],))
                    elif low.endswith(("n't", "n’t")):
                        j = self._negation(i)
                if j == i and toks[i][0].isupper():
                    j = self._entity(i)
            i = max(j, i + 1)
        return self.raws

    # e-mail addresses and URLs: anchored on "@", "://", "www." and a top-level domain, expanded a bounded distance;
    # an anchor inside a link already found is skipped, so no character is walked over twice
    def _links(self) -> None:
        text = self.text
        found: list[tuple[int, int, str, str]] = []
        pos = text.find("@")
        while pos != -1:
            self.work += 1
            left = pos
            while left > 0 and pos - left < _EMAIL_LOCAL and (text[left - 1].isalnum() or text[left - 1] in "._%+-"):
                left -= 1
            right = pos + 1
            while right < len(text) and right - pos <= _EMAIL_DOMAIN and (text[right].isalnum() or
                                                                           text[right] in ".-"):
                right += 1
            self.work += (pos - left) + (right - pos)
            while right > pos + 1 and text[right - 1] in ".-":
                right -= 1
            local, domain = text[left:pos], text[pos + 1 : right]
            labels = domain.split(".")
            if local.strip("._%+-") and len(labels) >= 2 and len(labels[-1]) >= 2 and labels[-1].isalpha():
                found.append((left, right, "email", f"{local.lower()}@{domain.lower()}"))
            pos = text.find("@", max(right, pos + 1))
        covered_until = -1
        previous_tld, previous_host = -1, -1
        for m in _LINK_ANCHOR_RE.finditer(text):
            self.work += 1
            if m.start() < covered_until:
                continue
            start = m.start()
            if m.group(1) is None:  # a top-level domain: walk back over the host name (never past the last one)
                start = m.start()
                while start > 0 and text[start - 1].isascii() and (text[start - 1].isalnum() or
                                                                   text[start - 1] in ".-"):
                    if start - 1 <= previous_tld:
                        start = previous_host
                        break
                    start -= 1
                    self.work += 1
                previous_tld, previous_host = m.start(), start
                start = max(start, m.start() - _EMAIL_DOMAIN)
                host = text[start : m.start()]
                if not host or (start > 0 and text[start - 1] in "@/:") or not any(ch.isalpha() for ch in host):
                    continue
            end = m.end()
            tail = _LINK_TAIL_RE.match(text, end)
            if tail:
                end = tail.end()
            self.work += end - m.end()
            end = _trim_link(text, start, end)
            covered_until = end
            found.append((start, end, "url", _normal_url(text[start:end])))
        found.sort()
        last_end = -1
        for start, end, kind, key in found:
            if start < last_end:
                continue
            last_end = end
            first = bisect.bisect_left(self.starts, start)
            last = max(first + 1, bisect.bisect_left(self.starts, end))
            for k in range(first, min(last, self.n)):
                self.blocked[k] = True
            self.raws.append(_Raw(kind, start, end, first, min(last, self.n), (key,)))

    # numbers written with digits
    def _is_label_number(self, i: int) -> bool:
        """List numbering, section and page numbers, identifiers glued to letters ("G7", "COVID-19", "A380")."""
        tok = self.toks[i]
        if tok.count(".") >= 2 or (tok.count(".") == 1 and tok.count(",") >= 1 and
                                   not _THOUSANDS_DECIMAL_RE.match(tok)):
            return True  # "1.2.3", "3.1,4": a version or a list number; "1,661.29" is an amount
        if self.adjacent(i) and self.types[i - 1] == WORD:
            return True
        if self.adjacent(i) and self.toks[i - 1] in "-/#_" and (self.adjacent(i - 1) and self.types[i - 2] == WORD):
            # "COVID-19" is a name; "mid-2020" a date; "6am-10pm" two times
            return self.lows[i - 2] not in ("mid", "early", "late", "pre", "post", *_MERIDIEM)
        if i > 0 and self.toks[i - 1] == "#":
            return True
        prev = i - 1
        if prev >= 0 and self.toks[prev] == "." and self.adjacent(prev):
            prev -= 1
        if prev >= 0 and self.types[prev] == WORD and self.lows[prev] in _LABEL_WORDS:
            # "no 10 people" is a quantity; "No. 10" and "No 10" are labels
            return not (self.lows[prev] == "no" and self.toks[prev] == "no" and prev == i - 1)
        # "1." or "2)" opening a line, or "(3)" anywhere
        nxt = i + 1
        if nxt < self.n and self.types[nxt] == SYM and self.toks[nxt] in ".)" and self.adjacent(nxt) and \
                self.newline_before(i) and (nxt + 1 >= self.n or not self.adjacent(nxt + 1)):
            return True
        if i > 0 and self.toks[i - 1] == "(" and nxt < self.n and self.toks[nxt] == ")" and len(tok) <= 2:
            return True
        return bool(self.adjacent(i + 1) and self.types[i + 1] == WORD and self._glued_suffix(i + 1) is None)

    def _glued_suffix(self, j: int) -> str | None:
        """The meaning of letters glued to a number ("21st", "3bn", "9pm", "1990s", "5km"), or None."""
        low = self.lows[j]
        if low in ("st", "nd", "rd", "th"):
            return "ordinal"
        if low == "s":
            return "decade"
        if low in _SCALE_ABBREVIATIONS or low in _CURRENCY_SCALE_ABBREVIATIONS or low in _SCALE_WORDS:
            return "scale"
        if low in _MERIDIEM or low in ("a", "p"):
            return "meridiem"
        if low in _PHYSICAL or low in _SECONDS or low in ("h", "hr", "hrs", "m", "p", "bn", "pc"):
            return "unit"
        if low.endswith("s") and low[:-1] in _SCALE_ABBREVIATIONS:
            return "scale"
        return None

    def _digits_value(self, i: int) -> tuple[float, float, int] | None:
        """(value, step, next token) of a digit token, joining "7, 000" (a tokeniser's split thousands)."""
        tok = self.toks[i]
        digits = tok
        nxt = i + 1
        if "," in tok:
            groups = tok.split(",")
            if "." in groups[-1]:
                groups[-1], _, decimals = groups[-1].partition(".")
            else:
                decimals = ""
            if not (1 <= len(groups[0]) <= 3 and all(len(g) == 3 for g in groups[1:])):
                return None
            digits = "".join(groups) + ("." + decimals if decimals else "")
        # "7, 000": a thousands group split off by a space
        while nxt + 1 < self.n and self.toks[nxt] == "," and self.adjacent(nxt) and self.types[nxt + 1] == NUM and \
                len(self.toks[nxt + 1]) == 3 and self.toks[nxt + 1].isdigit() and "." not in digits and \
                len(digits) <= 12 and self.starts[nxt + 1] == self.ends[nxt] + 1 and \
                len(self.toks[i]) <= 3 and (nxt + 2 >= self.n or self.types[nxt + 2] != NUM):
            digits += self.toks[nxt + 1]
            nxt += 2
            self.work += 1
        if len(digits.replace(".", "")) > _MAX_DIGITS:
            return None
        try:
            value = float(int(digits)) if "." not in digits else float(digits)
        except ValueError:
            return None
        if not math.isfinite(value):
            return None
        return value, _step_of_digits(digits), nxt

    def _last_digits(self, i: int) -> bool:
        """"the account ending 4417", "your card ending in 1234": the last digits of an identifier, neither a count
        nor a year ("the year ending 2025" is a period's end)."""
        if not self.toks[i].isdigit():
            return False
        ending = i - 2 if i >= 2 and self.lows[i - 1] == "in" else i - 1
        return ending >= 1 and self.lows[ending] == "ending" and self.types[ending - 1] == WORD and \
            self.lows[ending - 1] not in _PERIOD_ENDING_WORDS

    def _numeric(self, i: int) -> int:
        if _DOTTED_DATE_RE.fullmatch(self.toks[i]) and self._numeric_date(i) > i:
            return i + 1  # "12.09.2025" before a version number "1.2.3"
        if self._last_digits(i):  # compared only with the last digits of another identifier
            value = float(int(self.toks[i]))
            return self.add("number", i, i + 1, (value, value), unit=LAST_DIGITS, low=value, high=value, step=1.0,
                            qualifier="")
        if self._is_label_number(i):
            j = i + 1
            while j < self.n and self.adjacent(j) and self.types[j] != WORD and j - i < 8:
                j += 1
            self.work += j - i
            return j
        for attempt in (self._iso_date, self._numeric_date, self._clock_time, self._day_month_date, self._year):
            j = attempt(i)
            if j > i:
                return j
        parsed = self._digits_value(i)
        if parsed is None:
            return i + 1
        value, step, j = parsed
        if self.is_word(j) and self.adjacent(j) and self.lows[j] in ("st", "nd", "rd", "th"):
            return self._ordinal(i, j + 1, int(value) if value == int(value) else 0)
        return self._amount(i, value, step, j)

    def _amount(self, first: int, value: float, step: float, j: int, *, words: bool = False) -> int:
        """A number at tokens [first, j): its magnitude, unit, qualifiers and range partner."""
        self._amount_first = first
        currency = self._currency_before(first)
        start_tok = first
        if currency:
            start_tok = currency[1]
        value, step, j, scaled = self._scale(value, step, j, bool(currency))
        if self.toks[j:j + 1] == ["("] and j + 2 < self.n and self.is_num(j + 1) and self.toks[j + 2] == ")":
            inner = self._digits_value(j + 1)
            if inner is not None and inner[0] == value:
                j += 3  # "six (6) months": the figure repeated in digits, as contracts write it
        code_end = self._identifier_after(j)
        if code_end is not None:
            return code_end  # "2025-0419", "40-11-62": a reference or a sort code, not a range
        if not currency and self.low(j) in _TIMES_SIGNS and j + 1 < self.n and self.is_num(j + 1):
            size_end = self._size(start_tok, value, j)
            if size_end is not None:
                return size_end
        # a second number making a range: "80-120", "80 to 120", "between 80 and 120", "from 5 to 7"
        prefix_q, q_first = self._qualifier_before(start_tok)
        range_end = self._range_partner(start_tok, j, prefix_q, priced=bool(currency))
        if range_end is not None:
            return self._range(first, start_tok, value, step, j, currency, scaled, range_end, prefix_q, q_first)
        return self._finish_amount(first, start_tok, value, step, j, currency, prefix_q, q_first, words=words)

    def _scale(self, value: float, step: float, j: int, currency: bool) -> tuple[float, float, int, bool]:
        if j < self.n and self.types[j] == WORD:
            low = self.lows[j]
            factor = _SCALE_WORDS.get(low) or (_SCALE_ABBREVIATIONS.get(low) if self.adjacent(j) or low == "bn"
                                               else None)
            if factor is None and currency:  # "£50m", "£ 50 m": beside a currency, "m" is a million
                factor = _CURRENCY_SCALE_ABBREVIATIONS.get(low) or _SCALE_ABBREVIATIONS.get(low)
            if factor is None and low == "hundred":
                factor = 100.0
            if factor:
                value, step = value * factor, step * factor
                j += 1
                if self.is_word(j) and self.lows[j] in _SCALE_WORDS:  # "ten thousand million"
                    factor = _SCALE_WORDS[self.lows[j]]
                    value, step = value * factor, step * factor
                    j += 1
                return value, step, j, True
        return value, step, j, False

    def _currency_before(self, first: int) -> tuple[str, int] | None:
        """(currency code, first token of the amount's span) from a symbol or code just before the number."""
        k = first - 1
        if k < 0:
            return None
        tok = self.toks[k]
        if tok in _CURRENCY_SYMBOLS:
            code = _CURRENCY_SYMBOLS[tok]
            if tok == "$" and self.adjacent(k) and self.types[k - 1] == WORD and self.lows[k - 1] in _DOLLAR_PREFIXES:
                return _DOLLAR_PREFIXES[self.lows[k - 1]], k - 1
            return code, k
        if self.types[k] == WORD and self.lows[k] in _CURRENCY_CODES and (tok.isupper() or tok == "Rs"):
            return _CURRENCY_CODES[self.lows[k]], k
        return None

    def _qualifier_before(self, first: int) -> tuple[str, int]:
        """The qualifier phrase ending just before token `first` ("more than", "about"), and where it starts."""
        words: list[str] = []
        k = first - 1
        while k >= 0 and len(words) < _MAX_QUALIFIER_WORDS and (self.types[k] == WORD or self.toks[k] == "."):
            if self.toks[k] == ".":
                if words or k == 0 or self.lows[k - 1] != "c":
                    break
                words.insert(0, "c.")
                k -= 2
                continue
            words.insert(0, self.lows[k])
            k -= 1
        self.work += len(words)
        for size in range(len(words), 0, -1):
            phrase = " ".join(words[-size:])
            if phrase == "over" and _SPREAD_OVER_RE.search(" ".join(self.lows[max(0, first - 5):first - 1])):
                break  # "spread it over six payments", "paid over 12 months": across them, not more than
            if phrase in _PREFIX_QUALIFIERS:
                return _PREFIX_QUALIFIERS[phrase], first - size - (1 if "c." in words[-size:] else 0)
        # "a minimum stay of 3 nights", "a maximum group size of 8": a named threshold, a bound on what it names (the
        # span stays the figure, so the words naming it stay its context)
        if words and words[-1] == "of" and any(w in _THRESHOLD_WORDS for w in words[-4:-2]):
            return _THRESHOLD_WORDS[next(w for w in words[-4:-2] if w in _THRESHOLD_WORDS)], first
        return "", first

    def _glued_part(self, j: int) -> bool:
        return j + 1 < self.n and self.toks[j] in ("-", "–", "/") and self.adjacent(j) and self.is_num(j + 1) and \
            self.adjacent(j + 1)

    def _identifier_after(self, j: int) -> int | None:
        """Where a code ends when digits glued on by a dash or a slash make the figure one: a part with a leading
        zero, or a third part ("2025-0419", "40-11-62"); None when they do not."""
        if not self._glued_part(j):
            return None
        part = self.toks[j + 1]
        if not ((len(part) > 1 and part.startswith("0") and "." not in part) or self._glued_part(j + 2)):
            return None
        end = j + 2
        while self._glued_part(end) and end - j < 12:
            end += 2
        self.work += end - j
        return end

    def _size(self, start_tok: int, value: float, j: int) -> int | None:
        """"40 x 30 x 20 cm": the sides of one size, a value of its own (their product, in the unit's power), so a
        changed side is one changed value; None without a unit of length after the last side ("3 x 4" multiplies)."""
        sides = [value]
        while len(sides) < 3 and self.low(j) in _TIMES_SIGNS and j + 1 < self.n and self.is_num(j + 1):
            parsed = self._digits_value(j + 1)
            if parsed is None:
                break
            side, _, j = parsed
            sides.append(side)
        kind, unit, factor, end = self._unit_after(j, None, False)
        if kind != "quantity" or unit != "m":
            return None
        size = math.prod(sides) * factor ** len(sides)
        return self.add("quantity", start_tok, end, (size, size), unit=f"m^{len(sides)}", low=size, high=size,
                        step=0.0, qualifier="", start=self.starts[start_tok])

    def _range_partner(self, first: int, j: int, prefix_q: str, *, priced: bool = False) -> int | None:
        """Token index of the number ending a range that starts at `first` and whose first number ends at j.

        `priced`: the first number has a currency. A price after a dash ends a range only then: "£10–£20" is one,
        and "Fibre 400 - £32.50 a month" is a name and its price."""
        if j >= self.n or self.newline_before(j):
            return None  # "£165.60" and the next line's "- 80 kWh": a list marker, not a range
        tok = self.toks[j]
        before = self.low(first - 1)
        nxt = self.low(j + 1)
        number_next = self.is_num(j + 1) or nxt in _UNITS_WORDS or nxt in _TENS_WORDS
        # a spaced em dash sets a phrase apart ("week 10 — 20% of the mark"); only a closed one joins a range
        dash = (tok in ("-", "–") or (tok == "—" and self.adjacent(j) and self.adjacent(j + 1))) and \
            (self.is_num(j + 1) or (priced and self.toks[j + 1:j + 2] in (["$"], ["€"], ["£"])))
        to = self.lows[j] == "to" and (before == "from" or number_next)
        between = self.lows[j] == "and" and before == "between"
        either = self.lows[j] == "or" and (nxt in _UNITS_WORDS or nxt in _TENS_WORDS)  # "two or three days"
        connector = j + 1 if j + 1 < self.n and (dash or to or between or either) else None
        if connector is None:
            return None
        if self.toks[connector] in _CURRENCY_SYMBOLS and connector + 1 < self.n and self.is_num(connector + 1):
            connector += 1
        return connector

    def _parse_second(self, k: int) -> tuple[float, float, int] | None:
        if self.is_num(k):
            if self._is_label_number(k) or len(self.toks[k]) > _MAX_DIGITS:
                return None
            return self._digits_value(k)
        return self._words_value(k)

    def _range(self, first: int, start_tok: int, low_value: float, low_step: float, j: int,
               currency: tuple[str, int] | None, scaled: bool, k: int, prefix_q: str, q_first: int) -> int:
        second = self._parse_second(k)
        if second is None:
            return self._finish_amount(first, start_tok, low_value, low_step, j, currency, prefix_q, q_first)
        high_value, high_step, end = second
        high_value, high_step, end, high_scaled = self._scale(high_value, high_step, end, bool(currency))
        if high_scaled and not scaled:
            mantissa = self._unscaled(high_value, high_step)
            if 0 < low_value <= mantissa:  # "1.2 to 1.5 million": the magnitude is written once, at the end
                factor = high_value / mantissa
                low_value, low_step = low_value * factor, low_step * factor
        # a score or a tally ("3-1", "45-55") is kept as the pair of its numbers, in either order
        lo, hi = min(low_value, high_value), max(low_value, high_value)
        return self._finish_amount(first, start_tok, lo, min(low_step, high_step), end, currency, "range", q_first
                                   if prefix_q else start_tok, high=hi)

    @staticmethod
    def _unscaled(value: float, step: float) -> float:
        for factor in (1e12, 1e9, 1e6, 1e3):
            if value >= factor and step >= factor / 10:
                return value / factor
        return value

    def _finish_amount(self, first: int, start_tok: int, value: float, step: float, j: int,
                       currency: tuple[str, int] | None, qualifier: str, q_first: int, *, high: float | None = None,
                       words: bool = False) -> int:
        span_first = min(start_tok, q_first) if qualifier and qualifier != "range" else start_tok
        if qualifier == "range":
            span_first = min(start_tok, q_first)
            if self.low(span_first - 1) in ("between", "from"):
                span_first -= 1
        kind, unit, factor, j = self._unit_after(j, currency, words)
        # a rate: "$5m a year", "30 km per hour"
        if kind in ("money", "quantity") and j + 1 < self.n and self.low(j) in ("a", "an", "per", "each", "every") \
                and self.low(j + 1) in _SECONDS and self.low(j + 2) not in ("earlier", "ago", "later", "before") \
                and not self.newline_before(j):  # "£9.30\n\nA week comes to ...": a new line, not a rate
            unit = f"{unit}/{lemma(self.lows[j + 1])}"
            j += 2
        elif kind == "money" and self.low(j) in ("for", "over") and self.low(j + 1) in ("the", "a") and \
                self.low(j + 2) in _SECONDS and self.low(j + 2) == self.low(j + 2).rstrip("s") and \
                self.low(j + 3) not in _PERIOD_NOUN_GUARDS:
            unit = f"{unit}/{lemma(self.lows[j + 2])}"  # "£35 for the week", "£36 over a year": a rate
            j += 3
        elif kind == "money" and "/" not in unit and (period := self._period_label(span_first)):
            unit = f"{unit}/{period}"  # "Monthly direct debit: £27.50" is £27.50 a month
        if j < self.n and self.toks[j] == "+" and self.adjacent(j):
            qualifier, j = qualifier or "at least", j + 1
        elif j + 1 < self.n and self.toks[j] == "-" and self.adjacent(j) and self.lows[j + 1] == "plus":
            qualifier, j = qualifier or "at least", j + 2
        elif j + 1 < self.n and (self.lows[j], self.lows[j + 1]) in _SUFFIX_QUALIFIERS and qualifier != "range" and \
                not (j + 2 < self.n and self.lows[j + 2] == "than"):  # "a week or more than 10 hours": a new bound
            qualifier = qualifier or _SUFFIX_QUALIFIERS[(self.lows[j], self.lows[j + 1])]
            j += 2
        value, step = value * factor, step * factor
        if kind == "duration" and high is None:
            value, step, j = self._duration_parts(value, step, factor, j)
        if high is not None:
            high *= factor
            lo, hi = value, high
        else:
            lo, hi = _interval(value, step, qualifier)
        if not (math.isfinite(value) and abs(value) < 1e300):
            return j
        if not qualifier and (self.low(span_first - 1) in _PARTIAL_BEFORE or
                              self.low(j) in ("more", "others", "additional", "extra", "further") or
                              (self.low(j) in _MODIFIERS and self.low(j) == "more")):
            qualifier = "partial"  # "a further 63 pupils", "12 more": a part of a total, not the total
        elif not qualifier and kind in ("quantity", "number") and self.low(first + 1) == "more" and first + 1 < j:
            qualifier = "partial"
        return self.add(kind, span_first, j, (lo, hi), unit=unit, low=lo, high=hi, step=step, qualifier=qualifier,
                        start=self.starts[span_first])

    def _duration_parts(self, value: float, step: float, unit_seconds: float, j: int) -> tuple[float, float, int]:
        """ "9 hours 20 minutes", "2 years and 3 months", "1 h 35 min": a duration written in parts is their sum."""
        smallest = unit_seconds
        for _ in range(3):
            k = j + 1 if self.low(j) in ("and", ",") else j
            if k >= self.n:
                break
            if self.is_num(k):
                parsed = None if self._is_label_number(k) else self._digits_value(k)
            else:
                parsed = self._words_value(k)
            if parsed is None:
                break
            part, part_step, after = parsed
            word = self.low(after)
            seconds = _SECONDS.get(word) or (3600.0 if word == "h" and self.adjacent(after) else None)
            if seconds is None or seconds >= smallest or self.low(after + 1) == "-":
                break
            value, step, smallest, j = value + part * seconds, part_step * seconds, seconds, after + 1
            self.work += after - k + 1
        return value, step, j

    def _unit_after(self, j: int, currency: tuple[str, int] | None, words: bool) -> tuple[str, str, float, int]:
        """(kind, unit, factor to the canonical unit, next token) from what follows a number."""
        if currency:
            k = j
            if self.is_word(k) and self.lows[k] in _CURRENCY_WORDS:
                k += 1
            return "money", currency[0], 1.0, k
        first = self._amount_first
        if self.low(first - 1) in _AGE_BEFORE or (self.low(first - 1) in ("or", "and", "to", "-", "–") and
                                                  self.is_num(first - 2) and self.low(first - 3) in _AGE_BEFORE):
            return "age", "", 1.0, j  # "aged 16 or 17", "ages 10 and up": ages
        if j >= self.n:
            return "number", "", 1.0, j
        tok, low = self.toks[j], self.lows[j]
        if tok == "%" or low in ("percent", "pc") or (low == "per" and self.low(j + 1) == "cent"):
            k = j + (2 if low == "per" else 1)
            if self.low(k) == "point" or self.low(k) == "points":
                return "percent", "pp", 1.0, k + 1
            return "percent", "%", 1.0, k
        if low == "percentage" and self.low(j + 1) in ("point", "points"):
            return "percent", "pp", 1.0, j + 2
        if low in _CURRENCY_WORDS and not (low == "won" and not words):
            return "money", _CURRENCY_WORDS[low], 1.0, j + 1
        if low == "p" and self.adjacent(j) and self.toks[j - 1] in _VIDEO_LINES:
            return "quantity", "p", 1.0, j + 1  # "1080p", "720p": a video resolution, not pence
        if low in _SUBUNITS and (low != "p" or self.adjacent(j)):
            code, factor = _SUBUNITS[low]
            return "money", code, factor, j + 1
        # "N-year-old", "N year-old", "N years old": an age; "N-year" / "N years": a duration
        k = j + 1 if tok in "-–" and self.adjacent(j) else j
        if self.low(k) in ("calendar", "clear", "consecutive") and self.low(k + 1) in _SECONDS:
            k += 1  # "28 calendar days" is four weeks; "working days" are not, and stay a count
        if self.is_word(k) and self.lows[k] in _SECONDS:
            unit_word = self.lows[k]
            after = k + 1
            if self.low(after) == "-" and self.low(after + 1) in ("old", "olds"):
                return "age", self._age_head(after + 2), _SECONDS[unit_word] / _SECONDS["year"], after + 2
            if self.low(after) == "old" and unit_word in ("year", "years"):
                return "age", self._age_head(after + 1), 1.0, after + 1
            ends_clause = after + 1 >= self.n or self.lows[after + 1] in (",", ".", ";", "from")
            look = after
            if self.low(after) == "(":  # "120 hours (1 to 5 days) before arrival": the aside restates the figure
                look = next((m + 1 for m in range(after + 1, min(self.n, after + 10)) if self.lows[m] == ")"), after)
            elif self.low(after) == "or" and self.low(after + 1) in ("less", "fewer", "more", "longer", "over"):
                look = after + 2  # "14 days or less before departure": the bound's words, then the event
            relative = _RELATIVE_WORDS.get(self.low(look))
            if relative == "before" and self.low(look) == "in" and self.low(look + 1) != "advance":
                relative = None
            if relative or (self.low(after) == "on" and ends_clause):
                # "30 years ago", "five months after", "two days beforehand": a distance in time from an event
                return "duration", "s " + (relative or self.lows[after]), _SECONDS[unit_word], \
                    after + (self.low(after) == "ago")
            return "duration", "s", _SECONDS[unit_word], after
        if self.is_word(k) and self.lows[k] in ("h",) and self.adjacent(k):
            return "duration", "s", 3600.0, k + 1
        if k > j and self.is_word(k) and self.lows[k] in _EVERY_N and self.adjacent(k):
            return "duration", "s", _SECONDS[_EVERY_N[self.lows[k]]], k + 1  # "six-monthly": every six months
        if self.is_word(k) and self.lows[k] in ("linear", "lineal", "running") and self.is_word(k + 1) and \
                _PHYSICAL.get(self.lows[k + 1], ("",))[0] == "m":
            k += 1  # "9.5 linear metres", "12 running metres": metres of length
        if self.is_word(k) and self.lows[k] in _PHYSICAL and (k == j or self.adjacent(k) or
                                                             self.low(k - 1) in ("linear", "lineal", "running")):
            unit_low = self.lows[k]
            if unit_low in ("w", "ha", "mb", "gb", "kb", "tb", "mw", "kw", "gw") and not self.adjacent(k) and \
                    self.toks[k] != self.toks[k].upper():
                return self._head_noun(j)
            canonical, factor = _PHYSICAL[unit_low]
            nxt = k + 1
            if unit_low in ("km", "kilometre", "kilometres", "kilometer", "kilometers") and self.low(nxt) == "/" and \
                    self.low(nxt + 1) == "h":
                return "quantity", "m/s", 1 / 3.6, nxt + 2
            return "quantity", canonical, factor, nxt
        if self.is_word(k) and self.toks[k] == "m":
            after = self.low(k + 1)
            if after in ("people", "staff") or (len(after) > 3 and after.endswith("s") and after not in STOPWORDS):
                return "quantity", lemma(after), 1e6, k + 1  # "5m people", "2m users": millions of a plural
            return "quantity", "m", 1.0, k + 1  # "a 5m fall", "3,000 m": metres
        celsius = self.is_word(j + 1) and self.lows[j + 1] in ("c", "f") and self.adjacent(j + 1)
        if tok == "°" and (self.adjacent(j) or celsius):  # "45°C", "45 °C" (a space before the sign, as SI writes it)
            if celsius:
                return "quantity", "deg" + self.toks[j + 1].upper(), 1.0, j + 2
            return "quantity", "deg", 1.0, j + 1
        if low in ("degree", "degrees"):
            nxt = j + 1
            if self.low(nxt) in ("celsius", "centigrade", "c"):
                return "quantity", "degC", 1.0, nxt + 1
            if self.low(nxt) in ("fahrenheit", "f"):
                return "quantity", "degF", 1.0, nxt + 1
            return "quantity", "deg", 1.0, nxt
        return self._head_noun(j)

    def _age_head(self, j: int) -> str:
        """The noun an age describes ("a 10-year-old horse" → "hors"): two ages of two nouns are two facts."""
        if self.is_word(j) and self.lows[j] not in STOPWORDS and not self.toks[j][0].isupper():
            return lemma(self.lows[j])
        return ""

    def _head_noun(self, j: int, *, look_back: bool = True) -> tuple[str, str, float, int]:
        """A counted noun right after the number ("530 staff", "12 armoured trucks" → "truck"), or the one that
        "the number of" names before it, else a number."""
        k = j
        if self.low(k) == "of":  # "350 of them", "three of the trucks": a part, counted by its governor
            return "number", "", 1.0, j
        if self.toks[k:k + 1] == ["-"] and self.adjacent(k) and self.is_word(k + 1) and self.adjacent(k + 1):
            return "quantity", lemma(self.lows[k + 1]), 1.0, j  # "six-under-par", "three-bedroom": a compound
        if self.is_word(k) and (self.lows[k] in _MODIFIERS or (len(self.lows[k]) > 4 and self.lows[k] not in
                                                               _PART_WORDS and self.lows[k].endswith(("ed", "ing")))) \
                and self.is_word(k + 1) and self.lows[k + 1] not in STOPWORDS and not self.toks[k + 1][0].isupper() \
                and not self.adjacent(k + 1):
            # "two missed appointments", "12 armoured trucks", "10 parking spaces": the noun after a modifier, a
            # participle or a gerund
            k += 1
        if self.is_word(k) and self.lows[k] not in STOPWORDS and not self.toks[k][0].isupper() and \
                self.lows[k] not in _MONTHS and self.lows[k] not in _NOT_COUNTED and \
                self.lows[k] not in _ORDINAL_WORDS and not self.adjacent(k):
            if self.lows[k] in ("age", "ages"):
                return "age", "", 1.0, j  # "the 40–75 age range"
            head = lemma(self.lows[k])
            return "quantity", "person" if head in _PERSON_NOUNS else head, 1.0, j
        counted = self._number_of_before(self._amount_first) if look_back else None
        if counted is not None:  # "the number of ballot papers rejected was 38": 38 ballot papers
            kind, unit, _, _ = self._head_noun(counted, look_back=False)
            if kind == "quantity":
                return kind, unit, 1.0, j
        return "number", "", 1.0, j

    def _number_of_before(self, first: int) -> int | None:
        """The token after "the number of" when the clause before token `first` says "the number of X ... was":
        the noun that the figure counts."""
        k = first - 1
        if self.low(k) == "at" and self.low(k - 1) in ("stood", "stands"):
            k -= 1
        if self.low(k) not in _NUMBER_OF_VERBS:
            return None
        for m in range(k - 1, max(-1, k - 10), -1):
            if self.types[m] == SYM and self.toks[m] in _CLAUSE_BREAKS:
                return None
            if self.lows[m] == "of" and self.low(m - 1) in ("number", "count", "total") and m + 1 < k:
                return m + 1
        return None

    # ordinals
    def _ordinal(self, first: int, j: int, number: int, *, word: bool = False) -> int:
        head = ""
        k = j
        if self.low(k) == "-" and self.adjacent(k) and self.is_word(k + 1):
            if word and self.lows[k + 1] in _SECONDS:
                return k + 2  # "first-year pay", "second-half": a compound adjective, not a rank
            k += 1
        if self.is_word(k) and self.lows[k] in _ORDINAL_MODIFIERS and self.is_word(k + 1):
            k += 1  # "the third consecutive year", "a third straight month"
        if self.is_word(k) and self.lows[k] not in STOPWORDS and not self.toks[k][0].isupper():
            head = lemma(self.lows[k])
        if not number or (word and number == 1 and not head and (
                self.low(first - 1) == "at" or j >= self.n or (self.types[j] == SYM and self.toks[j] != "-"))):
            return j  # "check with one first.", "at first": an adverb
        return self.add("ordinal", first, j, (number,), unit=head)

    def _ordinal_word(self, i: int) -> int:
        low = self.lows[i]
        if low in ("second", "seconds") and self._count_before(i):
            return i  # "30 seconds" is a duration, read with its number
        if self.low(i - 1) in ("a", "an", "one") and low in _FRACTION_WORDS and (
                self.low(i + 1) in ("of", "") or (self.types[i + 1] == SYM and self.toks[i + 1] != "-")):
            return i  # "a third of", "about a third (31)": a fraction
        number = _ORDINAL_WORDS[low]
        first = i
        if self.toks[i - 1:i] == ["-"] and self.adjacent(i) and self.low(i - 2) in _TENS_WORDS:
            return i  # handled with its tens word
        if self.low(i + 1) == "-" and self.adjacent(i + 1) and self.is_word(i + 2) and self.lows[i + 2] in (
                "half", "quarter"):
            return i + 3  # "second-half": a period, not a value
        return self._ordinal(first, i + 1, number, word=True)

    def _count_before(self, i: int) -> bool:
        k = i - 1
        if k >= 0 and self.toks[k] == "-":
            k -= 1
        return k >= 0 and (self.types[k] == NUM or self.lows[k] in _UNITS_WORDS or self.lows[k] in _TENS_WORDS)

    # numbers written in words
    def _words_value(self, i: int) -> tuple[float, float, int] | None:
        """(value, step, next token) of a number written in words from token i, or None."""
        total = 0.0
        current = 0.0
        j = i
        last = ""  # category of the previous number word
        count = 0
        if self.low(i) in ("a", "an"):
            nxt = self.low(i + 1)
            if nxt in _SCALE_WORDS or nxt == "hundred":
                current, last, j = 1.0, "unit", i + 1
            elif nxt == "dozen":
                return 12.0, 1.0, i + 2
            else:
                return None
        while j < self.n and count < _MAX_NUMBER_WORDS:
            self.work += 1
            low = self.lows[j]
            if low in _UNITS_WORDS and last in ("", "tens", "hundred", "scale", "and"):
                if last == "tens" and _UNITS_WORDS[low] >= 10:
                    break
                current += _UNITS_WORDS[low]
                last = "unit"
            elif low in _TENS_WORDS and last in ("", "hundred", "scale", "and"):
                current += _TENS_WORDS[low]
                last = "tens"
            elif low == "hundred" and last in ("unit", "tens"):
                current = (current or 1.0) * 100
                last = "hundred"
            elif low in _SCALE_WORDS and last in ("unit", "tens", "hundred"):
                total += (current or 1.0) * _SCALE_WORDS[low]
                current = 0.0
                last = "scale"
            elif low == "dozen" and last in ("unit", "tens"):
                current *= 12
                last = "scale"
            elif low == "-" and last == "tens" and self.adjacent(j) and self.is_word(j + 1) and \
                    self.lows[j + 1] in _UNITS_WORDS and self.adjacent(j + 1):
                j += 1
                continue
            elif low == "and" and last in ("hundred", "scale") and (self.low(j + 1) in _UNITS_WORDS or
                                                                   self.low(j + 1) in _TENS_WORDS):
                last = "and"
            else:
                break
            j += 1
            count += 1
        if last in ("", "and") or j == i:
            return None
        value = total + current
        if value >= 1e18:
            return None
        return value, _step_of_value(value), j

    def _number_words(self, i: int) -> int:
        low = self.lows[i]
        # vague magnitudes: "hundreds of", "tens of thousands of"
        if low == "tens" and self.low(i + 1) == "of" and self.low(i + 2) in ("thousands", "millions"):
            base = 1e4 if self.low(i + 2) == "thousands" else 1e7
            end = i + 3
            return self._vague(i, end, base, base * 10)
        if low in _VAGUE_WORDS and self.low(i + 1) == "of":
            lo, hi = _VAGUE_WORDS[low]
            end = i + 1
            if low == "hundreds" and self.low(i + 2) in ("thousands", "millions"):
                lo, hi = (1e5, 1e6) if self.low(i + 2) == "thousands" else (1e8, 1e9)
                end = i + 3
            return self._vague(i, end, lo, hi)
        if low == "half" and self.low(i + 1) in ("a", "an"):
            if self.low(i + 2) in _SECONDS:  # "half an hour"
                return self._finish_amount(i, i, 0.5, 0.5, i + 2, None, *self._qualifier_before(i), words=True)
            if self.low(i + 2) in _SCALE_WORDS:  # "half a million"
                return self._amount(i, 0.5, 0.5, i + 2, words=True)
        if low == "half" and (self.low(i + 1) in ("hour", "day") or (
                self.low(i + 1) == "-" and self.adjacent(i + 1) and self.low(i + 2) in ("hour", "day"))):
            # "the half hour before practice", "a half-day": half of the unit
            return self._finish_amount(i, i, 0.5, 0.5, i + 1, None, *self._qualifier_before(i), words=True)
        fraction = self._fraction(i)
        if fraction is not None:
            return fraction
        if low in ("a", "an") and self.low(i + 1) in _SECONDS and self._duration_article(i):
            part = {"half": 0.5, "quarter": 0.25}.get(self.low(i + 4), 0.0) \
                if [self.low(i + 2), self.low(i + 3)] == ["and", "a"] else 0.0
            j = self._finish_amount(i, i, 1.0 + part, part or 1.0, i + 1, None, *self._qualifier_before(i), words=True)
            if part and self.raws and self.raws[-1].last == i + 2:  # "a month and a half", "an hour and a quarter"
                self.raws[-1].end, self.raws[-1].last = self.ends[i + 4], i + 5
                return i + 5
            return j
        if low == "half":
            return i
        parsed = self._words_value(i)
        if parsed is None:
            return i
        value, step, j = parsed
        if low == "one" and parsed[2] == i + 1:
            # "one" alone is mostly a pronoun ("one of the", "the one who"): a value only before a unit or a noun
            prev = self.low(i - 1)
            nxt = self.low(j)
            # "or one serving only smaller companies": "or one" stands for a noun said before
            # "a one-hour time penalty" is an hour, "a one-off fee" no figure
            unit_after = nxt == "-" and self.low(j + 1) in _SECONDS
            if not unit_after and (
                    prev in ("the", "no", "any", "every", "each", "which", "this", "that", "someone", "anyone", "or") or
                    nxt in ("of", "another", "", "-") or nxt in STOPWORDS or not nxt[:1].isalnum() or
                    self.low(i - 2) in ("a", "an", "the", "this", "that", "your", "my", "our", "their")):
                return j  # "pay for a new one.", "the blue one": a noun said before
        if self.low(j) == "and" and self.low(j + 1) == "a" and self.low(j + 2) in ("half", "quarter"):
            fraction = 0.5 if self.low(j + 2) == "half" else 0.25
            value, step, j = value + fraction, fraction, j + 3
        if self.low(j) in ("o'clock", "o’clock"):
            if 1 <= value <= 12:
                return self._add_time(i, j + 1, [int(value) * 60, (int(value) % 12 + 12) * 60 % 1440], "")
            return j + 1
        if self.low(j) in _MERIDIEM and 1 <= value <= 12:
            return self._time_from(i, int(value), 0, j)
        return self._amount(i, value, step, j, words=True)

    def _period_label(self, first: int) -> str | None:
        """The period a line's label gives the amount after its colon ("Monthly direct debit: £27.50", "Annual fee:
        £60"): the label is the line's first few words, and the amount comes right after its colon."""
        if first < 2 or self.toks[first - 1] != ":":
            return None
        k = first - 2
        while k > 0 and not self.line_start[k] and first - k <= 5:
            k -= 1
        return next((_PERIOD_ADJECTIVES[self.lows[t]] for t in range(k, first - 1) if self.lows[t] in
                     _PERIOD_ADJECTIVES), None) if self.line_start[k] else None

    def _duration_article(self, i: int) -> bool:
        """ "a week" is one week after "within", "for", "in", "after", "over", a qualifier, or before "ago"; "an hour"
        before "before" or "after" is one hour, unless a figure comes first ("£5 an hour after 6pm" is a rate). ("a
        month before you fly" is left alone: a date's distance said loosely, not a rule's figure.)"""
        prev = self.low(i - 1)
        if prev in ("once", "twice", "times", "per"):
            return False
        figure_before = i > 0 and self.types[i - 1] == NUM
        return prev in ("within", "for", "in", "after", "over", "than", "least", "most", "under", "past", "last") or \
            prev in _DURATION_VERBS or prev in _PREFIX_QUALIFIERS or self.low(i + 2) in ("ago", "later", "earlier") or \
            (self.low(i + 1) in ("hour", "minute") and not figure_before and
             self.low(i + 2) in ("before", "beforehand", "after", "afterwards", "ahead")) or \
            (prev == "to" and self.low(i - 2) == "up")  # "by up to a month"

    def _vague(self, i: int, end: int, lo: float, hi: float) -> int:
        kind, unit, _, _ = self._head_noun(end + 1) if self.low(end) == "of" else ("number", "", 1.0, end)
        return self.add(kind, i, end, (lo, hi), unit=unit, low=lo, high=hi, step=lo, qualifier="vague")

    def _fraction(self, i: int) -> int | None:
        """ "a third of", "two-thirds", "half of", "one and a half" → a percent, ±10%."""
        low = self.lows[i]
        numerator = None
        k = i
        if low in ("a", "an", "one"):
            numerator, k = 1, i + 1
        elif low in _UNITS_WORDS and 1 <= _UNITS_WORDS[low] <= 9:
            numerator, k = _UNITS_WORDS[low], i + 1
        elif low == "half":
            numerator, k = 1, i
        if numerator is None or k >= self.n:
            return None
        if self.toks[k] == "-" and self.adjacent(k):
            k += 1
        word = self.low(k)
        if word not in _FRACTION_WORDS:
            return None
        if word in ("half", "halves") and low != "half" and numerator != 1:
            return None
        if word in ("half", "halves") and self._ordinal_before(i):
            return None  # "the second half": a period
        plural = word.endswith("s") and word not in ("halves",)
        after = self.low(k + 1)
        if not plural and after not in ("of", "the", "a", "an", "", ".", ",", ";", "(", ")", "percent") and \
                low != "half":
            return None
        if low == "half" and after not in ("of", "the", "a", "an", "their", "its", "his", "her"):
            return None
        if low == "half" and self.toks[k + 1:k + 2] == ["-"]:
            return None
        if plural and numerator == 1 and low in ("a", "an"):
            return None
        percent = 100.0 * numerator / _FRACTION_WORDS[word]
        end = k + 1
        qualifier, first = self._qualifier_before(i)
        # "a quarter of an hour", "half a day", "three quarters of an hour": a duration, not a share
        of = end + (1 if self.low(end) == "of" else 0)
        of += 1 if self.low(of) in ("a", "an") else 0
        if self.low(of) in _SECONDS and of > end:
            seconds = numerator / _FRACTION_WORDS[word] * _SECONDS[self.low(of)]
            lo, hi = (seconds, INF) if qualifier in _LOWER_BOUNDS else (-INF, seconds) if qualifier in \
                _UPPER_BOUNDS else (seconds, seconds)
            relative = _RELATIVE_WORDS.get(self.low(of + 1)) if self.low(of + 1) not in ("in", "ago") else None
            return self.add("duration", first if qualifier else i, of + 1, (lo, hi),
                            unit="s " + relative if relative else "s", low=lo, high=hi,
                            step=seconds, qualifier=qualifier if qualifier in (*_LOWER_BOUNDS, *_UPPER_BOUNDS) else "")
        if qualifier in (*_LOWER_BOUNDS, *_UPPER_BOUNDS):  # "more than half" is above 50%, "below a fifth" under 20%
            lo, hi = (percent, INF) if qualifier in _LOWER_BOUNDS else (-INF, percent)
            return self.add("percent", first, end, (lo, hi), unit="%", low=lo, high=hi, step=0.0, qualifier=qualifier)
        lo, hi = percent * 0.9, percent * 1.1
        return self.add("percent", i, end, (lo, hi), unit="%", low=lo, high=hi, step=0.0, qualifier="about")

    def _ordinal_before(self, i: int) -> bool:
        k = i - 1
        return k >= 0 and (self.lows[k] in _ORDINAL_WORDS or self.lows[k] in ("st", "nd", "rd", "th"))

    # dates and times
    def _year_value(self, i: int) -> int | None:
        tok = self.toks[i]
        if len(tok) == 4 and tok.isdigit():
            value = int(tok)
            if 1000 <= value <= 2100:
                return value
        return None

    def _iso_date(self, i: int) -> int:
        year = self._year_value(i)
        if year is None or i + 4 >= self.n:
            return i
        if self.toks[i + 1] == "-" and self.is_num(i + 2) and self.toks[i + 3] == "-" and self.is_num(i + 4) and \
                all(self.adjacent(k) for k in range(i + 1, i + 5)):
            month, day = self.toks[i + 2], self.toks[i + 4]
            if month.isdigit() and day.isdigit() and 1 <= int(month) <= 12 and 1 <= int(day) <= 31:
                end = self.add("date", i, i + 5, (year, year, int(month), int(day)))
                # "2025-04-28T12:00": the ISO time after the date is its clock time
                if end + 3 < self.n and self.toks[end] == "T" and self.is_num(end + 1) and \
                        self.toks[end + 2] == ":" and self.is_num(end + 3) and \
                        all(self.adjacent(k) for k in range(end, end + 4)):
                    hours, minutes = int(self.toks[end + 1][:2]), int(self.toks[end + 3][:2])
                    if hours < 24 and minutes < 60:
                        return self.add("time", end + 1, end + 4, (hours * 60 + minutes,))
                    return end + 4
                return end
        return i

    @property
    def numeric_date_order(self) -> str | None:
        """How this text writes dates in figures: "dmy" (12/09/2025 is 12 September), "mdy", or None when no date of
        it tells (every part 12 or less, or both orders seen). Dotted dates (12.09.2025) are always day first."""
        if self._numeric_date_order is None:
            firsts = seconds = False
            for m in _SLASH_DATE_RE.finditer(self.text):
                firsts |= 12 < int(m.group(1)) <= 31
                seconds |= 12 < int(m.group(2)) <= 31
            if not firsts and not seconds:
                # else the order of the dates it writes in words: "21 April" is written day first, "April 21" not
                firsts = _DAY_THEN_MONTH_RE.search(self.text) is not None
                seconds = _MONTH_THEN_DAY_RE.search(self.text) is not None
            self._numeric_date_order = "dmy" if firsts and not seconds else "mdy" if seconds and not firsts else ""
        return self._numeric_date_order or None

    def _numeric_date(self, i: int) -> int:
        """12/09/2025, 12/09/25, 12.09.2025: the day and month in the order the text's own dates show; a date
        whose order nothing in the text settles states its year alone (it never conflicts on a day or a month)."""
        tok = self.toks[i]
        dotted = _DOTTED_DATE_RE.fullmatch(tok)
        if dotted:
            first, second, year_text, end = int(dotted.group(1)), int(dotted.group(2)), dotted.group(3), i + 1
            order: str | None = "dmy"
        else:
            if not (tok.isdigit() and len(tok) <= 2 and i + 4 < self.n and self.toks[i + 1] == "/" and
                    self.toks[i + 3] == "/" and all(self.adjacent(k) for k in range(i + 1, i + 5))):
                return i
            second_tok, year_text = self.toks[i + 2], self.toks[i + 4]
            if not (second_tok.isdigit() and len(second_tok) <= 2 and year_text.isdigit() and len(year_text) in (2, 4)):
                return i
            if i + 5 < self.n and self.toks[i + 5] == "/" and self.adjacent(i + 5):
                return i  # a fourth part: a path or a ratio, not a date
            first, second, end = int(tok), int(second_tok), i + 5
            order = self.numeric_date_order
        year = int(year_text) + (2000 if len(year_text) == 2 else 0)
        if not (1 <= first <= 31 and 1 <= second <= 31 and 1000 <= year <= 2100):
            return i
        if first > 12 or (order == "dmy" and second <= 12):
            day, month = first, second
        elif second > 12 or order == "mdy":
            month, day = first, second
        else:
            return self.add("date", i, end, (year, year, None, None))
        if month > 12:
            return i
        return self.add("date", i, end, (year, year, month, day))

    def _clock_time(self, i: int) -> int:
        tok = self.toks[i]
        hours = minutes = None
        j = i + 1
        if tok.isdigit() and len(tok) <= 2 and j + 1 < self.n and self.toks[j] == ":" and self.adjacent(j) and \
                self.is_num(j + 1) and self.adjacent(j + 1) and len(self.toks[j + 1]) == 2 and \
                self.toks[j + 1].isdigit():
            hours, minutes = int(tok), int(self.toks[j + 1])
            j += 2
            if self.toks[j:j + 1] == [":"] and self.is_num(j + 1) and len(self.toks[j + 1]) == 2:
                j += 2
            if hours > 23 or minutes > 59:
                return i
            twenty_four = tok.startswith("0") or hours >= 13 or hours == 0
            return self._time_from(i, hours, minutes, j, twenty_four=twenty_four)
        if "." in tok and "," not in tok:
            whole, _, frac = tok.partition(".")
            if len(whole) <= 2 and len(frac) == 2 and self._meridiem_at(j) is not None:
                hours, minutes = int(whole), int(frac)
                if 1 <= hours <= 12 and minutes <= 59:
                    return self._time_from(i, hours, minutes, j)
            return i
        if tok.isdigit() and len(tok) <= 2 and self._meridiem_at(j) is not None and 1 <= int(tok) <= 12:
            return self._time_from(i, int(tok), 0, j)
        if tok.isdigit() and len(tok) <= 2 and (self.low(j) in ("to", "-", "–", "—") or (
                self.low(j) == "and" and self.low(i - 1) == "between")) and self.is_num(j + 1) and \
                self.toks[j + 1].isdigit() and len(self.toks[j + 1]) <= 2 and \
                0 < int(self.toks[j + 1]) - int(tok) <= self._SAME_HALF_DAY_HOURS and int(self.toks[j + 1]) <= 12:
            meridiem = self._meridiem_at(j + 2)
            if meridiem is not None:  # "the 10 to 11am slot", "between 10 and 11am": the first hour in the second's
                # half of the day
                return self._add_time(i, i + 1, [(int(tok) % 12 + meridiem[0]) * 60], "")
        return i

    _SAME_HALF_DAY_HOURS = 3  # "10 to 11am", "2-4pm"; "9 to 5pm" is a working day, not 9pm

    def _meridiem_at(self, j: int) -> tuple[int, int] | None:
        """(hours to add, next token) for "am", "pm", "a.m.", "p.m." at token j."""
        if not self.is_word(j):
            return None
        low = self.lows[j]
        if low in ("am", "pm"):
            return _MERIDIEM[low], j + 1
        if low in ("a", "p") and self.toks[j + 1:j + 2] == ["."] and self.low(j + 2) == "m" and \
                self.adjacent(j + 1) and self.adjacent(j + 2):
            end = j + 3
            if self.toks[end:end + 1] == ["."] and self.adjacent(end):
                end += 1
            return (0 if low == "a" else 12), end
        return None

    def _time_from(self, first: int, hours: int, minutes: int, j: int, *, twenty_four: bool = False) -> int:
        meridiem = self._meridiem_at(j)
        if meridiem is not None:
            add, j = meridiem
            if hours > 12:
                return j
            readings = [((hours % 12) + add) * 60 + minutes]
        elif twenty_four:
            readings = [hours * 60 + minutes]
        else:
            readings = sorted({(hours % 12) * 60 + minutes, ((hours % 12) + 12) * 60 + minutes})
        zone = ""
        if self.is_word(j) and self.lows[j] in _TIME_ZONES and (self.toks[j].isupper() or len(self.toks[j]) > 3):
            zone = self.lows[j]
            j += 1
        elif self.low(j) == "local" and self.low(j + 1) == "time":
            zone, j = "local", j + 2
        elif self.low(j) in _REGION_TIMES and self.low(j + 1) == "time":
            # "4am UK time": a zone whose offset the date decides (GMT or BST), so never compared with another's
            zone, j = f"{self.low(j)} time", j + 2
        return self._add_time(first, j, readings, zone)

    def _add_time(self, first: int, j: int, readings: list[int], zone: str) -> int:
        return self.add("time", first, j, tuple(readings), unit=zone)

    def _age_group(self, i: int) -> int:
        """ "under-16s", "under 18s", "over-65s": an age group, named by its limit (an age below it, or from it on)."""
        j = i + 1
        if self.toks[j:j + 1] == ["-"] and self.adjacent(j):
            j += 1
        if not (self.is_num(j) and self.toks[j].isdigit() and len(self.toks[j]) <= 2 and self.low(j + 1) == "s" and
                self.adjacent(j + 1)):
            return i
        qualifier = "fewer than" if self.lows[i] == "under" else "at least"
        low, high = _interval(float(self.toks[j]), 1.0, qualifier)
        return self.add("age", i, j + 2, (low, high), unit="", low=low, high=high, step=1.0, qualifier=qualifier)

    def _time_word(self, i: int) -> int:
        minutes = 0 if self.lows[i] == "midnight" else 720
        return self._add_time(i, i + 1, [minutes], "")

    def _is_day(self, k: int) -> bool:
        return self.is_num(k) and self.toks[k].isdigit() and len(self.toks[k]) <= 2 and 1 <= int(self.toks[k]) <= 31

    def _day_month_date(self, i: int) -> int:
        if not self._is_day(i):
            return i
        j = i + 1
        # "1 and 15 May", "22–23 March", "3, 4 and 5 June", "Friday 19 or Monday 22 May": days of one month, each a
        # date (a weekday may stand before each day)
        days = [i]
        while len(days) < 5 and self.low(j) in (",", "and", "&", "-", "–", "to", "or") and j + 1 < self.n:
            k = j + 1 if self.low(j + 1) != "and" else j + 2
            if self.is_word(k) and (self.lows[k] in _WEEKDAYS or self.lows[k] in _WEEKDAY_ABBREVIATIONS):
                k += 1
            if not self._is_day(k):
                break
            days.append(k)
            j = k + 1
        if len(days) > 1 and not (self.is_word(j) and self.lows[j] in _MONTHS):
            return i
        if self.is_word(j) and self.lows[j] in ("st", "nd", "rd", "th") and self.adjacent(j):
            j += 1
        if self.low(j) == "of":
            j += 1
        if not (self.is_word(j) and self.lows[j] in _MONTHS):
            return i
        month = _MONTHS[self.lows[j]]
        j += 1
        if self.toks[j:j + 1] == ["."] and self.adjacent(j) and self.lows[j - 1] in _MONTH_ABBREVIATIONS:
            j += 1
        year = None
        k = j + 1 if self.toks[j:j + 1] == [","] else j
        if self.is_num(k):
            year = self._year_value(k)
            if year is not None:
                j = k + 1
        for day in days[:-1]:
            self.add("date", day, day + 1, (year, year, month, int(self.toks[day])))
        for k in range(i + 1, days[-1]):  # a weekday between the days ("Friday 19 or Monday 22 May") is its own
            if self.is_word(k) and self.lows[k] in _WEEKDAYS:
                self.add("weekday", k, k + 1, (_WEEKDAYS[self.lows[k]],))
            elif self.is_word(k) and self.lows[k] in _WEEKDAY_ABBREVIATIONS:
                self.add("weekday", k, k + 1, (_WEEKDAY_ABBREVIATIONS[self.lows[k]],))
        return self.add("date", days[-1], j, (year, year, month, int(self.toks[days[-1]])))

    def _month_date(self, i: int) -> int:
        low = self.lows[i]
        month = _MONTHS[low]
        j = i + 1
        if self.toks[j:j + 1] == ["."] and self.adjacent(j) and low in _MONTH_ABBREVIATIONS:
            j += 1
        k = j + 1 if self.toks[j:j + 1] == [","] else j
        if self.is_num(k):
            tok = self.toks[k]
            year = self._year_value(k)
            if year is not None:
                return self.add("date", i, k + 1, (year, year, month, None))
            if tok.isdigit() and len(tok) <= 2 and 1 <= int(tok) <= 31 and k == j:
                end = k + 1
                if self.is_word(end) and self.lows[end] in ("st", "nd", "rd", "th") and self.adjacent(end):
                    end += 1
                # "July 3 and 4", "April 17-18": a second day of the same month
                second = None
                if end + 1 < self.n and self.lows[end] in ("and", "-", "–", "&", "to") and self.is_num(end + 1) and \
                        self.toks[end + 1].isdigit() and len(self.toks[end + 1]) <= 2 and \
                        1 <= int(self.toks[end + 1]) <= 31:
                    second = end + 1
                    after = second + 1
                else:
                    after = end
                y = None
                m = after + 1 if self.toks[after:after + 1] == [","] else after
                year_end = after
                if self.is_num(m) and self._year_value(m) is not None:
                    y = self._year_value(m)
                    year_end = m + 1
                    if second is None:
                        end = year_end
                if second is not None:
                    self.add("date", i, end, (y, y, month, int(tok)))
                    return self.add("date", second, year_end, (y, y, month, int(self.toks[second])))
                return self.add("date", i, end, (y, y, month, int(tok)))
        if low in _AMBIGUOUS_WORD_MONTHS and self.toks[i][0].isupper() and self.low(i - 1) in _SURE_MONTH_PREFIXES \
                and self.low(i + 1) not in ("'s", "’s", "'", "’") and not (self.is_word(i + 1) and
                                                                          self.toks[i + 1][0].isupper()):
            return self.add("date", i, i + 1, (None, None, month, None))  # "opens in March", "until May"
        if low in _AMBIGUOUS_MONTHS or (low not in _MONTHS):
            return i
        if self.low(i - 1) in _MONTH_ALONE_PREFIXES or self.toks[i][0].isupper():
            if self.toks[i][0].isupper() and self.low(i - 1) not in _MONTH_ALONE_PREFIXES and \
                    self.is_word(i + 1) and self.toks[i + 1][0].isupper():
                return i  # "June Carter": a name
            return self.add("date", i, i + 1, (None, None, month, None))
        return i

    def _year(self, i: int) -> int:
        year = self._year_value(i)
        if year is None:
            return i
        j = i + 1
        if self.is_word(j) and self.adjacent(j) and self.lows[j] == "s":  # "1990s"
            if year % 10 == 0:
                return self.add("date", i, j + 1, (year, year + 9, None, None))
            return j + 1
        if self.toks[j:j + 1] == ["'"] and self.low(j + 1) == "s" and year % 10 == 0:
            return self.add("date", i, j + 2, (year, year + 9, None, None))
        # "2015-16", "2015-2016", "2015/16": a season or a span of years
        if j + 1 < self.n and self.toks[j] in "-–/" and self.adjacent(j) and self.is_num(j + 1) and \
                self.adjacent(j + 1):
            second = self.toks[j + 1]
            if second.isdigit() and len(second) == 2:
                other = year // 100 * 100 + int(second)
                if other > year:
                    return self.add("date", i, j + 2, (year, other, None, None))
            other_year = self._year_value(j + 1)
            if other_year is not None and other_year > year:
                return self.add("date", i, j + 2, (year, other_year, None, None))
            return i
        prev = self.low(i - 1)
        currency = self._currency_before(i)
        qualifier, _ = self._qualifier_before(i)
        if currency or qualifier:
            return i
        nxt = self.low(j)
        tok_next = self.toks[j] if j < self.n else ""
        if tok_next == "%" or nxt in _SCALE_WORDS or nxt in ("percent", "per", "pc") or nxt in _PHYSICAL or \
                nxt in _CURRENCY_WORDS or (self.adjacent(j) and self.is_word(j)):
            return i
        if year < 1900 and prev not in _YEAR_PREFIXES:
            return i
        # "a 2024 pollution incident": one thing of a year, never a count of 2,024 (that would be plural)
        article_year = prev in ("a", "an") and 1900 <= year <= 2100 and not nxt.endswith("s")
        if self.is_word(j) and nxt not in STOPWORDS and not self.toks[j][0].isupper() and not article_year and \
                prev not in _YEAR_PREFIXES and not prev.endswith(("'s", "’s")) and nxt not in _MONTHS:
            # "1500 staff", "2000 people": a count, unless "the 2019 election", "in 2019 alone"
            return i
        if prev in ("between", "from") and (self.low(j) in ("and", "to") and self._year_value(j + 1)):
            other = self._year_value(j + 1)
            if other is not None and other > year:
                return self.add("date", i - 1, j + 2, (year, other, None, None))
        return self.add("date", i, j, (year, year, None, None))

    # polarity and quantifiers
    def _negation(self, i: int) -> int:
        low = self.lows[i]
        nxt = self.low(i + 1)
        if nxt in _NOT_NEGATION_AFTER or (low == "not" and self.low(i - 1) in ("if", "or", "whether")):
            return i + 1
        head = self._head_after(i + 1, 4)
        if head is None:
            return i + 1
        # "did not immediately turn", "is not always": the negation may bear on the adverb, not on the verb
        qualified = any(self.lows[k].endswith("ly") or self.lows[k] in _SCOPE_ADVERBS for k in range(i + 1, head[0])) \
            or (low == "not" and self.low(i - 1) in _HEDGING_MODALS)  # "may not score often": a hedge
        return self.add("negation", i, i + 1, ("not", head[1]), unit=head[1], qualifier="qualified" if qualified
                        else "")

    def _head_after(self, j: int, limit: int) -> tuple[int, str] | None:
        """The first content word within `limit` tokens from j, in the same clause: (index, lemma)."""
        k = j
        while k < self.n and k - j < limit:
            self.work += 1
            if self.types[k] == SYM and (self.toks[k] in _CLAUSE_BREAKS or self.toks[k] == ","):
                return None
            low = self.lows[k]
            if self.types[k] == WORD and low not in STOPWORDS and low not in _NEGATION_SKIP and \
                    not (len(low) > 4 and low.endswith("ly")):  # "not currently open": the verb, not the adverb
                return k, lemma(low)
            k += 1
        return None

    def _quantifier(self, i: int) -> int:
        low = self.lows[i]
        if low == "no" and (self.low(i + 1) in _NOT_NEGATION_AFTER or self.low(i + 1) in ("one", "-")):
            if self.low(i + 1) == "one" or (self.low(i + 1) == "-" and self.low(i + 2) == "one"):  # "no one"
                end = i + 2 if self.low(i + 1) == "one" else i + 3
                head = self._head_after(end, 4)
                if head is not None:
                    return self.add("negation", i, end, ("not", head[1]), unit=head[1])
            return i + 1
        if low == "only" and self.low(i - 1) in ("not", "if"):
            return i + 1
        if self.low(i - 1) in ("the", "at", "a", "after") and low in ("most", "all", "many", "each") and \
                not (low == "many" and self.low(i - 1) == "a"):
            return i + 1  # "the most common", "at most", "at all", "after all"
        if low == "most" and self.low(i + 1) != "of":
            return i + 1  # "most" before an adjective is a superlative
        if low == "each" and self.low(i + 1) in ("other", "others"):
            return i + 2  # "each other": reciprocal, not a quantifier
        k = i + 1
        if self.low(k) in ("of", "the") and low in ("all", "some", "most", "many", "several", "few", "each", "none"):
            k += 1
            if self.low(k) in ("the", "its", "their", "his", "her", "these", "those"):
                k += 1
        if self.low(k) in _MODIFIERS and self.is_word(k + 1) and self.lows[k + 1] not in STOPWORDS:
            k += 1
        if not self.is_word(k) or self.lows[k] in STOPWORDS or (self.toks[k][0].isupper() and low != "all"):
            return i + 1
        if self.lows[k] in _UNITS_WORDS or self.lows[k] in _TENS_WORDS:
            return i + 1  # "all 12 trucks": the number carries the claim
        head = lemma(self.lows[k])
        return self.add("quantifier", i, i + 1, (_QUANTIFIERS[low], low), unit=head)

    def _weekday_abbreviation(self, i: int) -> int:
        if not self.toks[i][:1].isupper():
            return i
        k = i + 2 if self.low(i + 1) == "." and self.adjacent(i + 1) and self.is_num(i + 2) else i + 1  # "Sat. 13 Jun"

        def weekday_at(m: int) -> bool:
            return self.low(m) in _WEEKDAY_ABBREVIATIONS or self.low(m) in _WEEKDAYS

        joiners = ("-", "–", "to", "/", ",", "&", "and")
        beside = (self.is_num(k) or (weekday_at(k + 1) and self.low(k) in joiners) or
                  (self.low(i - 1) in joiners and weekday_at(i - 2)))
        if not beside:
            return i
        return self.add("weekday", i, k if k == i + 2 else i + 1, (_WEEKDAY_ABBREVIATIONS[self.lows[i]],))

    # named entities
    def _entity(self, i: int) -> int:
        low = self.lows[i]
        if low in STOPWORDS and not self.toks[i].isupper() and not (self.is_num(i + 1) and self.adjacent(i + 1)):
            return i + 1
        if low in _MONTHS or low in _WEEKDAYS or (low in _WEEKDAY_ABBREVIATIONS and self.is_num(i + 1)):
            return i + 1
        tokens: list[int] = []
        j = i
        while j < self.n and len(tokens) < 12 and not self.blocked[j]:
            self.work += 1
            if j > i and self._cell_gap_before(j):
                break  # a name never runs across a line break or into the next cell of a table
            tok = self.toks[j]
            glued = j + 1 < self.n and self.types[j + 1] == NUM and self.adjacent(j + 1)
            dotted = len(tok) == 1 and tok.isupper() and self.toks[j + 1:j + 2] == ["."] and self.adjacent(j + 1)
            if self.types[j] == WORD and tok[0].isupper() and (self.lows[j] not in STOPWORDS or glued or dotted or
                                                               (tok.isupper() and len(tok) > 1)):
                tokens.append(j)
                j += 1
                # "G7", "A380"; or "U.S.", single capitals joined by dots (not the full stop after "FRB-U2.")
                if (j < self.n and self.types[j] == NUM and self.adjacent(j)) or \
                        (len(tok) == 1 and self.toks[j:j + 1] == ["."] and self.adjacent(j)):
                    j += 1
                if tok.endswith(("'s", "’s")):
                    break
                continue
            # "Bank of England", "Ludwig van Beethoven"; but "Van Zyl of South Africa" is a man and a country
            if tokens and self.types[j] == WORD and self.lows[j] in _CONNECTORS and self.is_word(j + 1) and \
                    self.toks[j + 1][0].isupper() and self.lows[j + 1] not in STOPWORDS and \
                    not (self.lows[j] == "of" and len(tokens) > 1):
                j += 1
                continue
            if tokens and tok == "&" and self.is_word(j + 1) and self.toks[j + 1][0].isupper():  # "Marks & Spencer"
                j += 1
                continue
            if tokens and tok == "-" and self.adjacent(j) and self.is_word(j + 1) and self.adjacent(j + 1) and \
                    self.toks[j + 1][0].isupper():
                j += 1
                continue
            break
        if not tokens:
            return i + 1
        if self.lows[tokens[-1]] in _MONTHS or self.lows[tokens[-1]] in _WEEKDAYS:
            tokens.pop()
            if not tokens:
                return i + 1
        end = j if self.types[j - 1] == NUM else tokens[-1] + 1
        if len(tokens) > 1 and tokens[0] == i and self.is_initial(i) and low.endswith("ing") and len(low) > 5 and \
                not self.toks[i].isupper() and low not in self.midcaps and tokens[1] == i + 1:
            # "Dropping Netflix and Audible": a sentence's first word, a gerund the text never capitalises elsewhere,
            # is not part of the name after it
            return self._entity(i + 1)
        if len(tokens) > 1 and tokens[0] == i and self.is_initial(i) and not self.toks[i].isupper() and \
                low not in self.midcaps and tokens[1] == i + 1 and self.toks[i + 1].isupper() and \
                len(self.toks[i + 1]) > 1:
            return self._entity(i + 1)  # "Quote FRB-U2 as the reference": the first word, then a code in capitals
        if len(tokens) == 1 and not self.toks[i].isupper() and self.is_initial(i) and low not in self.midcaps:
            return end  # a capitalised first word is not a name unless the text capitalises it elsewhere too
        if len(tokens) == 1 and len(self.toks[tokens[0]]) == 1 and end == tokens[0] + 1:
            return end  # a lone capital ("A/B test", "plan B") names nothing a source could contradict

        head = ""
        if self.is_word(end) and not self.toks[end][0].isupper() and self.lows[end] not in STOPWORDS and \
                self.lows[end] not in _NOT_HEADS and not self.toks[end - 1].endswith(("'s", "’s")):
            head = lemma(self.lows[end])  # "New Zealand all-rounder": the name qualifies a noun, which is its slot
        key = _entity_key([self.text[self.starts[t]:self.ends[t + 1] if t + 1 < end and self.types[t + 1] == NUM
                                     and self.adjacent(t + 1) else self.ends[t]] for t in tokens])
        if not key:
            return end
        return self.add("entity", i, end, key, unit=head)

    # context: governor and content words around each value, within its clause
    def context_of(self, raw: _Raw) -> tuple[str, tuple[str, ...], bool, tuple[str, ...]]:
        """(governor, context, in a table, column) of a value; a negation's context reaches further right, over what
        it negates. A table cell has no governor: its context is the rest of its row, its column its header cell."""
        row = self.table_rows.get(self.line_begin[raw.first]) if self.table_rows and raw.first < self.n else None
        if row is not None:
            return ("", *self._row_context(raw, row))
        content, breaks, lows, line_start = self.content, self.breaks, self.lows, self.line_start
        governor = ""
        left: list[str] = []
        prepositions: list[str] = []
        comma = False
        k = raw.first - 1
        stop = max(-1, raw.first - 7)
        while k > stop and len(left) < 4 and not breaks[k] and not line_start[k + 1]:
            word = content[k]
            if word:
                # a possessive names whose figure it is, as another name may ("the island's 420 residents",
                # "Sennack's 240 residents"): context, not the governing word
                if not governor and not comma and word not in WEAK_GOVERNORS and k >= raw.first - 3 and \
                        not lows[k].endswith(("'s", "’s")) and lows[k] not in _WEEKDAYS:  # "Thursday 12 Feb": one date
                    governor = " ".join([word, *reversed(prepositions)]) if prepositions else word
                left.append(word)
            elif lows[k] == "," or (lows[k] in ("—", "–") and not self.adjacent(k + 1)):
                comma = True  # "play offline — up to 5,000 songs": an aside is not governed across the dash
            elif not governor and lows[k] in _PREPOSITIONS:
                prepositions.append(lows[k])
            if line_start[k]:
                break
            k -= 1
        right: list[str] = []
        k = raw.last
        reach, most = (10, 6) if raw.kind == "negation" else (6, 4)
        stop = min(self.n, raw.last + reach)
        while k < stop and len(right) < most and not breaks[k] and not line_start[k]:
            if content[k]:
                right.append(content[k])
            k += 1
        self.work += len(left) + len(right) + 2
        return governor, (*left, *right), False, ()

    def sentence_of(self, raw: _Raw) -> tuple[str, ...]:
        """The content lemmas of a value's sentence (on its line, at most `_MAX_SENTENCE_WORDS` each side, found
        within `_MAX_SENTENCE_TOKENS`): what a table row must share with it to be the row it speaks of ("Tim Hart
        (Labour) came second with 917 votes")."""
        words: list[str] = []
        for step in (-1, 1):
            k, taken = (raw.first - 1, 0) if step < 0 else (raw.last, 0)
            end = k + step * _MAX_SENTENCE_TOKENS  # a run of figures has no content words: bound the walk itself
            while 0 <= k < self.n and taken < _MAX_SENTENCE_WORDS and k != end:
                if (step < 0 and self.line_start[k + 1]) or (step > 0 and self.line_start[k]) or \
                        (self.types[k] == SYM and self.toks[k] in ".!?;"):
                    break
                if self.content[k]:
                    words.append(self.content[k])
                    taken += 1
                k += step
                self.work += 1
        return tuple(words)

    def _row_context(self, raw: _Raw, row: _TableRow) -> tuple[tuple[str, ...], bool, tuple[str, ...]]:
        """The content lemmas of a cell's row (the value's own tokens aside) and of its header cell."""
        cached = self._row_words.get(row.start)
        if cached is None:  # once per row: its first content words with their positions
            first = bisect.bisect_left(self.starts, row.start)
            last = bisect.bisect_left(self.starts, row.cells[-1][1])
            cached = [(k, self.content[k]) for k in range(first, min(last, first + _MAX_ROW_TOKENS))
                      if self.content[k]]
            self._row_words[row.start] = cached
            self.work += min(last, first + _MAX_ROW_TOKENS) - first
        words = [word for k, word in cached if not raw.first <= k < raw.last]
        column: list[str] = []
        header = row.column(self.starts[raw.first])
        if header is not None:
            a, b = bisect.bisect_left(self.starts, header[0]), bisect.bisect_left(self.starts, header[1])
            column = [self.content[k] for k in range(a, min(b, a + _MAX_ROW_TOKENS)) if self.content[k]]
        self.work += len(cached) + len(column)
        return tuple(words[:_MAX_ROW_WORDS]), True, tuple(column[:_MAX_ROW_WORDS])


def _build_word_handlers() -> dict[str, tuple]:
    """Per trigger word, the scanner methods that may read a value starting there, in the order they are tried."""
    handlers: dict[str, list] = {}

    def register(words, method) -> None:
        for word in words:
            handlers.setdefault(word, []).append(method)

    register([*_UNITS_WORDS, *_TENS_WORDS, "a", "an", "half", "tens", *_VAGUE_WORDS, *_FRACTION_WORDS],
             _Scanner._number_words)
    register(_ORDINAL_WORDS, _Scanner._ordinal_word)
    register(_MONTHS, _Scanner._month_date)
    register(_WEEKDAYS, lambda scanner, i: scanner.add("weekday", i, i + 1, (_WEEKDAYS[scanner.lows[i]],)))
    register(_WEEKDAY_ABBREVIATIONS, _Scanner._weekday_abbreviation)
    register(("noon", "midday", "midnight"), _Scanner._time_word)
    register(("under", "over"), _Scanner._age_group)
    register(_NEGATION_CUES, _Scanner._negation)
    register(_QUANTIFIERS, _Scanner._quantifier)
    return {word: tuple(methods) for word, methods in handlers.items()}


_WORD_HANDLERS = _build_word_handlers()


_LINK_ANCHOR_RE = re.compile(r"(?i)(https?://|ftp://|www\.)|\.(?:" + "|".join(sorted(_TLDS)) + r")\b(?![.-]\w)")
# A link's tail, up to a comma before a figure or another comma: "NETFLIX.COM,-12.99,843.46" is a CSV row's cells.
_LINK_TAIL_RE = re.compile(rf"(?:[^\s<>\"“”,]|,(?![-+]?\d|,)){{0,{_MAX_LINK}}}")


def _trim_link(text: str, start: int, end: int) -> int:
    """Drop trailing punctuation, and closing brackets the link does not open ("(see acme.com/x)")."""
    while end > start and text[end - 1] in ".,;:!?'\"’”»]}":
        end -= 1
    unmatched = text.count(")", start, end) - text.count("(", start, end)
    while end > start and text[end - 1] == ")" and unmatched > 0:
        end -= 1
        unmatched -= 1
    return end


def _normal_url(url: str) -> str:
    url = url.lower()
    for prefix in ("https://", "http://", "ftp://"):
        if url.startswith(prefix):
            url = url[len(prefix) :]
            break
    if url.startswith("www."):
        url = url[4:]
    return url.rstrip("/")


def _entity_key(tokens: list[str]) -> tuple[str, ...]:
    words: list[str] = []
    for n, tok in enumerate(tokens):
        w = tok.lower().replace("’", "'")
        if w.endswith("'s"):
            w = w[:-2]
        w = w.rstrip("'").replace(".", "")
        if not w or w in _TITLES or w == "the" or w in _CONNECTORS:  # "Van Zyl" is "van Zyl" is Zyl
            continue
        if w in _OFFICES and n + 1 < len(tokens) and not words and tokens[n + 1][:1].isupper():
            continue  # "Archbishop Martin" is Martin
        if len(w) == 1 and words and len(tokens[n - 1]) == 1 and words[-1].isalpha():
            words[-1] += w  # "U.S." is "us"
            continue
        words.append(w)
    return tuple(words)


def _to_value(scanner: _Scanner, raw: _Raw) -> Value:
    governor, context, in_table, column = scanner.context_of(raw)
    text = scanner.text
    sentence = context if in_table else scanner.sentence_of(raw)
    return Value(raw.kind, Span(raw.start, raw.end), text[raw.start : raw.end], raw.key, raw.unit, raw.low, raw.high,
                 raw.step, raw.qualifier, governor, context, in_table, column, sentence)


_TABLE_MONEY_RE = re.compile(r"(?i)(?:\(|\bin\s+)\s*(£|\$|€|gbp|usd|eur)\s*(thousands?|000s?|'000s?|k|m|mn|millions?|"
                             r"bn|billions?)?\s*(?:\)|$|[,;.])")
_COLUMN_CURRENCY_RE = re.compile(r"(?i)(?:^|[\s_(])(£|\$|€|gbp|usd|eur)(?:$|[\s_)])")
_TABLE_SCALES = {"": 1.0, "k": 1e3, "m": 1e6, "mn": 1e6, "bn": 1e9}
_CAPTION_CHARACTERS = 300


def _currency_named(sign: str) -> str:
    """The currency code of a symbol or a code written in a caption, a column heading or a key ("£", "gbp")."""
    return _CURRENCY_SYMBOLS.get(sign) or _CURRENCY_CODES[sign.lower()]


def _as_money(raw: _Raw, currency: str, scale: float) -> None:
    """A bare figure read as an amount of `currency`, in units of `scale` ("£ thousands": 1,000)."""
    assert raw.low is not None and raw.high is not None
    raw.kind, raw.unit = "money", currency
    raw.low, raw.high, raw.step = raw.low * scale, raw.high * scale, raw.step * scale
    raw.key = (raw.low, raw.high)


def _table_money(scanner: _Scanner, raws: list[_Raw]) -> None:
    """Bare figures of a table whose caption or header states their currency and scale, read as amounts: the cells
    under "Sales by product line (£ thousands)" are thousands of pounds, so "412" is £412,000."""
    marks: dict[int, tuple[str, float] | None] = {}
    for raw in raws:
        if raw.kind != "number" or raw.unit or raw.qualifier or raw.low is None or raw.high is None:
            continue
        row = scanner.table_rows.get(scanner.line_begin[raw.first])
        if row is None or not row.header:
            continue
        if row.header_start not in marks:
            before = scanner.text[max(0, row.header_start - _CAPTION_CHARACTERS):row.header_start]
            caption = "\n".join([line for line in before.splitlines() if line.strip()][-2:])
            header = scanner.text[row.header_start:row.header[-1][1]]
            found = _TABLE_MONEY_RE.search(caption) or _TABLE_MONEY_RE.search(header)
            if found is None:
                marks[row.header_start] = None
            else:
                sign = found.group(1).lower()
                scale_word = (found.group(2) or "").lower().strip("'")
                scale = _TABLE_SCALES.get(scale_word, 1e3 if scale_word.startswith(("thousand", "000")) else
                                          1e6 if scale_word.startswith("million") else 1e9)
                marks[row.header_start] = (_currency_named(sign), scale)
        mark = marks[row.header_start]
        if mark is None:  # a column of amounts: "annual_cost_gbp", "Price (£)"
            cell = row.column(raw.start)
            heading = scanner.text[cell[0]:cell[1]] if cell is not None else ""
            sign = _COLUMN_CURRENCY_RE.search(heading)
            mark = (_currency_named(sign.group(1)), 1.0) if sign is not None else None
        if mark is not None:
            _as_money(raw, *mark)


_KEY_RE = re.compile(r"[ \t]*[\"']?([\w ()£$€-]{1,40}?)[\"']?[ \t]*[:=]")


def _keyed_money(scanner: _Scanner, raws: list[_Raw]) -> None:
    """Bare figures of a "key: value" line whose key names a currency ("fee_student_eur": "210 early / 240 late",
    "price (£): 12") are amounts of it."""
    keys: dict[int, tuple[str, float] | None] = {}
    for raw in raws:
        if raw.kind not in ("number", "quantity") or raw.qualifier == "range" or raw.low is None or raw.high is None \
                or raw.unit in _PHYSICAL_UNITS:
            continue
        begin = scanner.line_begin[raw.first]
        if begin not in keys:
            key = _KEY_RE.match(scanner.text, begin)
            sign = _COLUMN_CURRENCY_RE.search(key.group(1)) if key is not None and key.end() <= raw.start else None
            keys[begin] = (_currency_named(sign.group(1)), 1.0) if sign is not None else None
        mark = keys[begin]
        if mark is not None:
            _as_money(raw, *mark)


_TIME_RANGE_JOIN_RE = re.compile(r"\s*(?:to|until|till|and|-|–|—)\s*", re.IGNORECASE)


def _zone_over_range(text: str, raws: list[_Raw]) -> None:
    """"from 2am to 4am UK time": the zone written after a range of times is the first time's too."""
    times = sorted((r for r in raws if r.kind == "time"), key=lambda r: r.start)
    for first, second in itertools.pairwise(times):
        if not first.unit and second.unit and _TIME_RANGE_JOIN_RE.fullmatch(text[first.end:second.start]):
            first.unit = second.unit


# Public holidays named as such: an answer applying a working-days rule names them from common knowledge.
_HOLIDAY_CUE_RE = re.compile(r"Easter|Christmas|Good\s+Friday|Boxing|New\s+Year|Whit|Hogmanay|Thanksgiving|May\s+Day")
_HOLIDAY_RE = re.compile(
    r"\b(?:Good\s+Friday|Easter(?:\s+(?:Sunday|Monday|Day))?|Christmas(?:\s+(?:Day|Eve))?|Boxing\s+Day|"
    r"New\s+Year(?:'s|’s)?(?:\s+(?:Day|Eve))?|Whit\s+Monday|Whitsun|Hogmanay|Thanksgiving(?:\s+Day)?|"
    r"May\s+Day(?:\s+bank\s+holiday)?)\b")


def _extract(text: str) -> tuple[tuple[Value, ...], _Scanner]:
    scanner = _Scanner(text)
    raws = scanner.run()
    _zone_over_range(text, raws)
    if scanner.table_rows:
        _table_money(scanner, raws)
    if ":" in text or "=" in text:
        _keyed_money(scanner, raws)
    raws.sort(key=lambda r: (r.start, r.end))
    values: list[Value] = []
    last_end = -1
    links = [(raw.start, raw.end) for raw in raws if raw.kind in ("email", "url")]
    holidays = [(m.start(), m.end()) for m in _HOLIDAY_RE.finditer(text)] if _HOLIDAY_CUE_RE.search(text) else []
    for raw in raws:
        if raw.start < last_end:  # an overlap: the earlier value stands
            continue
        if any(s <= raw.start and raw.end <= e for s, e in holidays):
            continue  # "Good Friday", "Easter Monday": a public holiday's name is common knowledge, not a value
        if raw.kind not in ("email", "url") and any(s < raw.end and raw.start < e for s, e in links):
            continue  # a name or a number running into an address is not read
        last_end = raw.end
        values.append(_to_value(scanner, raw))
    return tuple(_range_end_context(text, values)), scanner


def _range_end_context(text: str, values: list[Value]) -> list[Value]:
    """"Monday to Friday, 8:30am to 5:30pm": the end of a range of times is said of what its start is said of, so it
    shares the start's context and governor (its own few words around are only the range's)."""
    for n in range(1, len(values)):
        first, second = values[n - 1], values[n]
        if first.kind == second.kind == "time" and not second.in_table and \
                _TIME_RANGE_JOIN_RE.fullmatch(text[first.span.end:second.span.start]):
            context = tuple(dict.fromkeys((*first.context, *second.context)))
            values[n] = replace(second, context=context, governor=second.governor or first.governor,
                                sentence=tuple(dict.fromkeys((*first.sentence, *second.sentence))))
    return values


def extract_values(text: str) -> list[Value]:
    """Every value stated in `text`, in order, with its exact span (see the module docstring)."""
    return list(index_values(text).values)


def extraction_work(text: str) -> int:
    """The number of steps `extract_values` takes on `text`: tokens, look-around steps and values (for tests)."""
    return _extract(text)[1].work


# --- comparison -----------------------------------------------------------------------------------------------------

_FAMILY = {"number": "count", "quantity": "count", "percent": "percent", "money": "money", "duration": "duration",
           "age": "age", "ordinal": "ordinal", "date": "date", "time": "time", "weekday": "weekday",
           "email": "email", "url": "url", "entity": "entity", "negation": "negation", "quantifier": "quantifier"}
_NUMERIC_FAMILIES = frozenset({"count", "percent", "money", "duration", "age"})
# Families whose unit is the kind's own: any two values of one of these kinds may fill the same slot.
_INTRINSIC_FAMILIES = frozenset({"percent", "money", "duration", "age", "date", "time", "weekday", "email", "url"})
_ROUNDING_SHARE = 0.10  # a claim may round a figure by at most 10% of it ("500" for 530, not "100" for 130)
_SAME_SLOT = 2
_STRONG_SLOT = 4
_MAX_DERIVATION_VALUES = 40


def family(value: Value) -> str:
    return _FAMILY[value.kind]


class ValueIndex:
    """The values of one text, extracted once, with what comparisons look up in them."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.values, self._tokens = _extract(text)
        self._starts = [v.span.start for v in self.values]
        self._split: tuple[tuple[Span, ...] | None, dict[str, list[Value]], dict[str, list[Value]]] = (None, {}, {})
        self._factors: tuple[tuple[Span, ...] | None, tuple[float, ...]] = (None, ())

    def within(self, spans: Sequence[Span]) -> list[Value]:
        """Values lying inside any of `spans` (character spans into this text), in text order, without repeats."""
        picked: dict[int, Value] = {}
        for span in spans:
            k = bisect.bisect_left(self._starts, span.start)
            while k < len(self.values) and self.values[k].span.start < span.end:
                if self.values[k].span.end <= span.end:
                    picked[k] = self.values[k]
                k += 1
        return [picked[k] for k in sorted(picked)]

    def _split_by(self, spans: Sequence[Span]) -> tuple[dict[str, list[Value]], dict[str, list[Value]]]:
        """(values inside `spans`, values outside them), each by comparison family, kept for the last spans asked: a
        verifier asks with the same tuple of its source's units for every claim, so the check is one identity test."""
        cached = self._split  # one tuple, replaced whole: threads checking other prompts never see a mix
        if cached[0] is not spans and cached[0] != tuple(spans):
            inside: dict[str, list[Value]] = {}
            outside: dict[str, list[Value]] = {}
            ids = {id(v) for v in self.within(spans)}
            for v in self.values:
                (inside if id(v) in ids else outside).setdefault(family(v), []).append(v)
            cached = (spans if isinstance(spans, tuple) else tuple(spans), inside, outside)
            self._split = cached
        return cached[1], cached[2]

    def inside(self, spans: Sequence[Span], fam: str) -> list[Value]:
        """Values of family `fam` lying inside `spans` (the source proper of a prompt), in text order."""
        return self._split_by(spans)[0].get(fam, [])

    def outside(self, spans: Sequence[Span], fam: str) -> list[Value]:
        """Values of family `fam` lying outside every one of `spans` (a prompt's own words around its source)."""
        return self._split_by(spans)[1].get(fam, [])

    def scale_factors(self, spans: Sequence[Span]) -> tuple[float, ...]:
        """Factors the text outside `spans` (a prompt's instructions) asks every figure to be scaled by: "double
        this recipe" (2), "halve it" (0.5); none for "double-check"."""
        cached = self._factors
        if cached[0] is not spans and cached[0] != tuple(spans):
            key = spans if isinstance(spans, tuple) else tuple(spans)
            outside, last = [], 0
            for span in sorted(spans):
                outside.append(self.text[last:span.start])
                last = max(last, span.end)
            outside.append(self.text[last:])
            asked = " ".join(outside)
            found = {_SCALE_VERBS[m.group(1).lower()] for m in _SCALE_VERB_RE.finditer(asked)}
            # "scale it up from 4 to 10 servings", "I'm making this for 10 people" of a recipe that serves 4
            wanted, starting = _servings(asked)
            given = set().union(*_servings(" ".join(self.text[span.start:span.end] for span in spans))) | starting
            found |= {round(t / f, 6) for t in wanted - starting for f in given if f and t != f}
            cached = (key, tuple(sorted(found)))
            self._factors = cached
        return cached[1]

    @cached_property
    def by_family(self) -> dict[str, list[Value]]:
        groups: dict[str, list[Value]] = {}
        for v in self.values:
            groups.setdefault(family(v), []).append(v)
        return groups

    @cached_property
    def points(self) -> tuple[list[float], list[Value]]:
        """Numeric point values (and years of dates) sorted by value, for bounded look-ups."""
        items: list[tuple[float, int, Value]] = []
        for n, v in enumerate(self.values):
            if family(v) in _NUMERIC_FAMILIES and v.low is not None and v.low == v.high:
                items.append((v.low, n, v))
            elif v.kind == "date" and v.key[0] is not None and v.key[0] == v.key[1] and v.key[2] is None:
                items.append((float(v.key[0]), n, v))
        items.sort(key=lambda item: (item[0], item[1]))
        return [item[0] for item in items], [item[2] for item in items]

    @cached_property
    def intervals(self) -> list[Value]:
        return [v for v in self.values if family(v) in _NUMERIC_FAMILIES and v.low is not None and v.low != v.high]

    @cached_property
    def words(self) -> frozenset[str]:
        """Every word of the text, lower-cased, possessives removed, with demonym and country forms."""
        found: set[str] = set()
        for m in _NAME_WORD_RE.finditer(self.text):
            w = _normal_word(m.group())
            found.add(w)
            if w in _DEMONYMS:
                found.add(_DEMONYMS[w])
        return frozenset(found)

    def words_within(self, spans: Sequence[Span]) -> frozenset[str]:
        """The lower-cased words of the text inside `spans`."""
        found: set[str] = set()
        for span in spans:
            for m in _NAME_WORD_RE.finditer(self.text, span.start, span.end):
                found.add(_normal_word(m.group()))
        return frozenset(found)

    @cached_property
    def word_prefixes(self) -> frozenset[str]:
        """Prefixes (4 to 6 letters) of the text's words, for demonyms ("African" is stated by "Africa")."""
        return frozenset(w[:k] for w in self.words for k in (4, 5, 6) if len(w) >= k)

    @cached_property
    def _entity_index(self) -> dict[str, list[int]]:
        """Source names by each word, by the first letters of each word's demonym stem ("~afri") and by initials
        ("^un"): every name that can agree with a claim's name shares one of these keys with it."""
        index: dict[str, list[int]] = {}
        for n, v in enumerate(self.values):
            if v.kind != "entity":
                continue
            keys = set(v.key) | {"~" + _demonym_stem(w)[:4] for w in v.key} | {"^" + _initials(v.key)}
            for key in keys:
                index.setdefault(key, []).append(n)
        return index

    def entity_candidates(self, claim: Value) -> list[Value]:
        """The source names that may agree with the claim's name `claim`, in text order."""
        keys = set(claim.key) | {"~" + _demonym_stem(w)[:4] for w in claim.key} | {_initials(claim.key)}
        if len(claim.key) == 1:
            keys.add("^" + claim.key[0])
        found: set[int] = set()
        for key in keys:
            found.update(self._entity_index.get(key, ()))
        return [self.values[n] for n in sorted(found)]

    @cached_property
    def acronyms(self) -> frozenset[str]:
        """Initials of the text's multi-word entities ("United Nations" → "un")."""
        return frozenset(_initials(v.key) for v in self.values if v.kind == "entity" and len(v.key) > 1)

    @cached_property
    def phrase_initials(self) -> frozenset[str]:
        """Initials of runs of two to four content words, named or not ("pull request" → "pr")."""
        words = [w.lower() for w in _NAME_WORD_RE.findall(self.text)]
        found: set[str] = set()
        for i in range(len(words)):
            for n in (2, 3, 4):
                run = words[i:i + n]
                if len(run) == n and not any(w in STOPWORDS for w in run):
                    found.add("".join(w[0] for w in run))
        # a capitalised name with its small joining words: "Office of the Public Guardian" → "opg"
        for m in _CAPITALISED_NAME_RUN_RE.finditer(self.text):
            capitals = [w for w in m.group().split() if w[:1].isupper() and w.lower() not in STOPWORDS]
            for start in range(len(capitals) - 1):  # a capitalised word before the name: "Contact Office of ..."
                found.add("".join(w[0] for w in capitals[start:]).lower())
        return frozenset(found)

    @cached_property
    def worked(self) -> tuple[Span, ...]:
        """Spans of the figures this text computes correctly in writing (`worked_results`)."""
        return worked_results(self.text)

    @cached_property
    def lemma_positions(self) -> dict[str, list[int]]:
        """Token positions of each content lemma, for the negation checks."""
        positions: dict[str, list[int]] = {}
        for n in range(self._tokens.n):
            if self._tokens.types[n] == WORD and self._tokens.lows[n] not in STOPWORDS:
                positions.setdefault(lemma(self._tokens.lows[n]), []).append(n)
        return positions


# Worked arithmetic: operands (a figure with its currency sign or %, words of its unit between) and operators,
# then "=" / "≈" or the next table cell, then the result.
_WORKED_NUMBER_RE = re.compile(r"[£$€¥]?\s?(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)(?:\s?%|(p|c|¢)(?![^\W\d_]))?")
_WORKED_OPERATOR_RE = re.compile(r"\s*(×|✕|\*|÷|/|\+|−|–|(?<=\s)[x-](?=\s))\s*")
_WORKED_FILLER_RE = re.compile(r"(?:\s+(?!x\b)[^\W\d_][\w'’-]*){0,3}")  # "2 adults", "£20 set-up"
# "= £19.50", "≈ 4", a table's next cell; after a closing bracket too: "(3 × £6.50) | £19.50"
_WORKED_EQUALS_RE = re.compile(r"\s*\)?\s*(?:\*\*)?\s*(=|≈|\|)\s*(?:\*\*|about\s+|around\s+)?")
_WORKED_MAX_TERMS = 12
_WORKED_MAX_COUNT = 100
_WORKED_TIMES_SIGNS = frozenset({"×", "✕", "*", "x"})
_WORKED_TIMES_RE = re.compile(r"\s*(?:×|✕|\*|(?<=\s)x(?=\s))")


def _evaluate(numbers: list[float], operators: list[str]) -> float | None:
    """numbers[0] op numbers[1] op ... with × and ÷ before + and −; None on a division by zero."""
    terms, signs, current = [], [], numbers[0]
    for op, x in zip(operators, numbers[1:], strict=True):
        if op in "×✕*x":
            current *= x
        elif op in "÷/":
            if x == 0:
                return None
            current /= x
        else:
            terms.append(current)
            signs.append(1.0 if op == "+" else -1.0)
            current = x
    terms.append(current)
    return terms[0] + sum(sign * t for sign, t in zip(signs, terms[1:], strict=True))


_TOTAL_CELL_RE = re.compile(r"^[\s*_]*(?:total|sum|overall|grand\s+total|in\s+total|gesamt|insgesamt|summe|"
                            r"totale?|suma)\b", re.IGNORECASE)


def _column_totals(lines: list[str]) -> list[Span]:
    """A table row whose first cell says "Total" and whose figures are each the sum of their column's figures
    in the rows above it (one figure to a cell): spans of those figures, into the joined `lines`."""
    found: list[Span] = []
    sums: dict[int, list[float]] = {}
    decimals: dict[int, int] = {}
    offset = 0
    for line in lines:
        if not line.lstrip().startswith("|"):
            sums, decimals = {}, {}
        elif "---" not in line:
            cells, at = [], 0
            for cell in line.split("|"):
                cells.append((cell, at))
                at += len(cell) + 1
            cells = cells[1:-1]
            total_row = bool(cells) and bool(_TOTAL_CELL_RE.match(cells[0][0]))
            for k, (cell, at) in enumerate(cells):
                numbers = list(_WORKED_NUMBER_RE.finditer(cell))
                if len(numbers) != 1 or cell.replace("*", "").strip() != numbers[0].group().strip():
                    continue
                m = numbers[0]
                figure = float(m.group(1).replace(",", ""))
                places = len(m.group(1).split(".")[1]) if "." in m.group(1) else 0
                column = sums.get(k, [])
                if total_row and len(column) >= 2:
                    slack = 0.5 * 10 ** -max(places, decimals.get(k, 0))
                    if abs(sum(column) - figure) <= slack + 1e-9 * abs(figure):
                        found.append(Span(offset + at + m.start(), offset + at + m.end()))
                elif not total_row:
                    sums.setdefault(k, []).append(figure)
                    decimals[k] = max(decimals.get(k, 0), places)
        offset += len(line) + 1
    return found


def _counts_a_figure(line: str, m: re.Match[str], end: int) -> bool:
    """The whole number at `m` multiplies an amount it counts: "3 adults × €14", "3 × £6.50", "€6 × 2 days"
    (not "72 × 0.2", a mark times a weight)."""
    after = _WORKED_TIMES_RE.match(line, end)
    if after is not None:
        nxt = _WORKED_NUMBER_RE.match(line, after.end() + len(line[after.end():]) - len(line[after.end():].lstrip()))
        return end > m.end() or (nxt is not None and nxt.group().lstrip()[:1] in "£$€¥")
    before = re.search(r"([£$€¥])?\s?\d[\d,.]*\s*(?:×|✕|\*|x)\s*$", line[:m.start(1)])
    return before is not None and (before.group(1) is not None or end > m.end())


def worked_results(text: str) -> tuple[Span, ...]:
    """Spans of the results of arithmetic written out correctly in `text`: an expression of two or more figures
    and operators, then "=" / "≈" (or, in a table row, the next cell) and the result (module docstring, "Worked
    arithmetic"). One pass over the figures of each line."""
    lines = text.split("\n")
    found: list[Span] = _column_totals(lines)
    offset = 0
    for line in lines:
        numbers: list[float] = []
        operators: list[str] = []
        counts: list[Span] = []  # operands that count how many times a figure is taken ("3 × £6.50")
        pos = 0
        while True:
            m = _WORKED_NUMBER_RE.search(line, pos)
            if m is None:
                break
            value = float(m.group(1).replace(",", "")) / (100.0 if m.group(2) else 1.0)  # "14.2p" is £0.142
            end = _WORKED_FILLER_RE.match(line, m.end()).end()  # type: ignore[union-attr]  # may be empty
            if numbers and not line[pos:m.start()].strip(" *"):  # right after an operator: the next operand
                numbers.append(value)
            else:
                numbers, operators, counts = [value], [], []
            if m.group().strip().isdigit() and 2 <= value <= _WORKED_MAX_COUNT and _counts_a_figure(line, m, end):
                counts.append(Span(offset + m.start(1), offset + m.end(1)))
            op = _WORKED_OPERATOR_RE.match(line, end)
            if op is not None and len(numbers) < _WORKED_MAX_TERMS:
                operators.append(op.group(1))
                pos = op.end()
                continue
            equals = _WORKED_EQUALS_RE.match(line, end)
            result = _WORKED_NUMBER_RE.match(line, equals.end()) if equals is not None and operators else None
            if result is not None and len(numbers) == len(operators) + 1:
                total = _evaluate(numbers, operators)
                written = result.group(1).replace(",", "")
                figure = float(written) / (100.0 if result.group(2) else 1.0)
                decimals = (len(written.split(".")[1]) if "." in written else 0) + (2 if result.group(2) else 0)
                slack = 0.01 * abs(figure) if equals.group(1) == "≈" else 0.5 * 10 ** -decimals  # type: ignore
                if total is not None and abs(total - figure) <= slack + 1e-9 * abs(figure):
                    found.append(Span(offset + result.start(), offset + result.end()))
                    found.extend(counts)  # the output's own count of what it multiplies, right where it is used
            numbers, operators, counts = [], [], []
            pos = m.end()
        offset += len(line) + 1
    return tuple(found)


@lru_cache(maxsize=64)
def index_values(text: str) -> ValueIndex:
    """The `ValueIndex` of `text`, cached: a source is extracted once however many claims it is checked against."""
    return ValueIndex(text)


_NAME_WORD_RE = re.compile(r"[^\W_]+(?:['’][^\W_]+)*")
# Two to six capitalised words, with "of", "the", "and", "for" or "&" between them: a name that has initials
_CAPITALISED_NAME_RUN_RE = re.compile(r"\b[A-Z][\w'’-]+(?:[ \t]+(?:(?:of|the|and|for|&)[ \t]+){0,2}[A-Z][\w'’-]+){1,5}")


def _normal_word(word: str) -> str:
    w = word.lower().replace("’", "'")
    return w[:-2] if w.endswith("'s") else w


def _initials(key: tuple[str, ...]) -> str:
    return "".join(w[0] for w in key if w not in _CONNECTORS and w != "and" and w)


_APPROXIMATE = frozenset({"about", "nearly", "just over"})
_LOWER_BOUNDS = frozenset({"more than", "at least"})
_UPPER_BOUNDS = frozenset({"fewer than", "at most"})


_FIGURE_FAMILIES = frozenset({"count", "percent", "money", "duration"})


def figure_identity(value: Value) -> tuple[str, str, float] | None:
    """What makes two statements of a figure the same figure: its family, its currency or counted noun (a rate's
    period aside: "£1,113.60" and "about £1,113.60 a year") and its number. None for a value that is not a figure."""
    if family(value) not in _FIGURE_FAMILIES or value.low is None or value.high is None:
        return None
    return family(value), split_rate(value.unit)[0], stated_number(value)


def stated_number(v: Value) -> float:
    """The number a numeric value writes: 500 for "more than 500", 4e6 for "nearly 4 million"."""
    assert v.low is not None and v.high is not None
    if v.qualifier in _LOWER_BOUNDS or v.qualifier == "just over":
        return v.low
    if v.qualifier in _UPPER_BOUNDS or v.qualifier == "nearly":
        return v.high
    if v.qualifier == "about":
        return (v.low + v.high) / 2
    return v.low


def _same_direction(c: Value, s: Value) -> bool:
    return (c.qualifier in _APPROXIMATE and s.qualifier in _APPROXIMATE) or \
        (c.qualifier in _LOWER_BOUNDS and s.qualifier in _LOWER_BOUNDS) or \
        (c.qualifier in _UPPER_BOUNDS and s.qualifier in _UPPER_BOUNDS)


def _numeric_compatible(c: Value, s: Value) -> str:
    """Why the numeric claim value c agrees with s, or "" when it does not (same family assumed)."""
    assert c.low is not None and c.high is not None and s.low is not None and s.high is not None
    if _same_direction(c, s):
        # "about 57" and "about 50", "at least 174" and "at least 145": two writings of one figure, compared as such
        x, y = stated_number(c), stated_number(s)
        if c.qualifier in _APPROXIMATE:
            return "same figure" if abs(x - y) <= _ROUNDING_SHARE * max(abs(x), abs(y)) else ""
        # a bound is a limit someone set, stated exactly: "at least 85%" is not "at least 80%", though it rounds
        # ("at least 150" for "at least 148") and converts ("at least 2.5 hours" for "at least 150 minutes")
        if x == y or abs(x - y) <= 1e-9 * max(abs(x), abs(y)):
            return "same figure"
        if c.step > 0 and abs(x - y) <= c.step / 2 + 1e-9 * abs(y) and abs(x - y) <= _ROUNDING_SHARE * abs(y):
            return "same figure, rounded"
        if not (_power_of_ten(c.step) and _power_of_ten(s.step)) and abs(x - y) <= _CONVERSION_SHARE * abs(y):
            return "same figure, converted"
        return ""
    c_point, s_point = c.low == c.high, s.low == s.high
    if c.qualifier == "range" and s.qualifier == "range":
        if _close(c.low, s.low, c.step) and _close(c.high, s.high, c.step):
            return "same range"
        return ""
    if c_point and s_point:
        x, y = c.low, s.low
        if x == y or abs(x - y) <= 1e-9 * max(abs(x), abs(y)):
            return "same value"
        if c.step > 0 and abs(x - y) <= c.step / 2 + 1e-9 * abs(y) and abs(x - y) <= _ROUNDING_SHARE * abs(y):
            return "rounded"
        if not (_power_of_ten(c.step) and _power_of_ten(s.step)) and abs(x - y) <= _CONVERSION_SHARE * abs(y):
            return "converted"  # "656 ft" for "198 metres", "30 days" for "a month": a conversion, rounded
        return ""
    if c_point:
        slack = c.step / 2 if c.qualifier != "exactly" else 0.0
        if s.low - slack <= c.low <= s.high + slack:
            return "within the source's range" if s.qualifier == "range" else "within the source's bound"
        return ""
    if s_point:
        if c.low <= s.low <= c.high:
            if c.qualifier in _APPROXIMATE and \
                    abs(stated_number(c) - s.low) <= _ROUNDING_SHARE * abs(stated_number(c)):
                return "approximated"  # "about three quarters" for 74%: the source's figure, approximated
            return "within the stated bound" if c.qualifier != "range" else "within the stated range"
        return ""
    if c.low <= s.high and s.low <= c.high:
        return "overlapping bounds"
    return ""


_CONVERSION_SHARE = 0.02


def _power_of_ten(step: float) -> bool:
    """A step written in the canonical unit itself (1, 10, 0.1 ...), not one converted from feet or months."""
    if step <= 0:
        return True
    exponent = round(math.log10(step))
    return abs(step - 10.0 ** exponent) <= 1e-9 * step


def _close(x: float, y: float, step: float) -> bool:
    if x == y:
        return True
    return step > 0 and abs(x - y) <= step / 2 and abs(x - y) <= _ROUNDING_SHARE * max(abs(y), 1e-300)


_PHYSICAL_UNITS = frozenset(canonical for canonical, _ in _PHYSICAL.values()) | {"m?", "deg", "m/s"}


# Periods a rate is written per ("£5 a month", "30 km per hour"): the lemma its unit ends with → seconds.
_RATE_PERIODS = {lemma(word): seconds for word, seconds in _SECONDS.items()}


def split_rate(unit: str) -> tuple[str, float | None]:
    """("GBP", seconds of a month) for "GBP/month"; (unit, None) for a unit that is no rate ("m/s" is a unit)."""
    base, _, period = unit.rpartition("/")
    if base and period in _RATE_PERIODS:
        return base, _RATE_PERIODS[period]
    return unit, None


def _restated(c: Value, s: Value) -> Value | None:
    """s in c's unit when the two differ only by a period: "£48 a year" as £4 a month; a plain amount against a
    rate as it stands ("at least £1,000" paid in a month is "at least £1,000 a month"). None otherwise."""
    c_base, c_period = split_rate(c.unit)
    s_base, s_period = split_rate(s.unit)
    if c_base != s_base or (c_period is None and s_period is None) or s.low is None or s.high is None:
        return None
    factor = c_period / s_period if c_period is not None and s_period is not None else 1.0
    return replace(s, unit=c.unit, low=s.low * factor, high=s.high * factor, step=s.step * factor,
                   key=(s.low * factor, s.high * factor))


def _units_agree(c: Value, s: Value) -> bool:
    fam = family(c)
    if fam == "count":
        if (c.unit in _PHYSICAL_UNITS) != (s.unit in _PHYSICAL_UNITS):
            return False  # "3.5" and "3.5cm": one is converted to metres, the other is not a measure at all
        return not c.unit or not s.unit or c.unit == s.unit
    if fam == "duration":
        return c.unit == s.unit
    if fam == "age":
        return not c.unit or not s.unit or c.unit == s.unit
    if fam in ("money", "time"):
        return c.unit == s.unit or not c.unit or not s.unit
    if fam == "percent":
        return True
    if fam == "ordinal":
        return not c.unit or not s.unit or c.unit == s.unit
    return True


def _dates_comparable(c: tuple, s: tuple) -> bool:
    """Two dates state a part in common (a year, a month or a day): "January" and "2019" do not."""
    return (c[0] is not None and s[0] is not None) or (c[2] is not None and s[2] is not None) or \
        (c[3] is not None and s[3] is not None)


def _date_compatible(c: tuple, s: tuple) -> bool:
    if not _dates_comparable(c, s):
        return False
    c_lo, c_hi, c_month, c_day = c
    s_lo, s_hi, s_month, s_day = s
    if c_lo is not None and s_lo is not None and (c_hi < s_lo or s_hi < c_lo):
        return False
    if c_month is not None and s_month is not None and c_month != s_month:
        return False
    return not (c_day is not None and s_day is not None and c_day != s_day)


def _time_compatible(c: Value, s: Value) -> bool:
    if c.unit == s.unit or not c.unit or not s.unit:
        return bool(set(c.key) & set(s.key))
    c_off, s_off = _TIME_ZONES.get(c.unit), _TIME_ZONES.get(s.unit)
    if c_off is None or s_off is None:
        return False
    return bool({(m - c_off) % 1440 for m in c.key} & {(m - s_off) % 1440 for m in s.key})


@lru_cache(maxsize=16384)
def _demonym_stem(word: str) -> str:
    """ "african" → "afric", "chinese" → "chin", "iraqi" → "iraq": a prefix the country's name starts with."""
    if word in _DEMONYMS:
        return _DEMONYMS[word]
    for suffix in ("ian", "ese", "ish", "an", "i"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 4:
            return word[: len(word) - len(suffix)]
    return word


def _entity_compatible(c: Value, s: Value) -> bool:
    ck, sk = set(c.key), set(s.key)
    if ck <= sk or sk <= ck:
        return True
    if len(c.key) == 1 and c.key[0] == _initials(s.key):
        return True
    if len(s.key) == 1 and s.key[0] == _initials(c.key):
        return True
    stems = {_demonym_stem(w) for w in sk}
    return all(any(t.startswith(_demonym_stem(w)) or _demonym_stem(w).startswith(t) for t in stems) for w in ck)


def _bound_against_rate(c: Value, s: Value) -> bool:
    """Bound c and point s, one of them an amount per period and the other not: a limit on a sum ("capped at £20")
    and a rate ("50p per minute") are two things, whatever their figures."""
    return (c.qualifier in _LOWER_BOUNDS or c.qualifier in _UPPER_BOUNDS) and s.low == s.high and \
        (split_rate(c.unit)[1] is None) != (split_rate(s.unit)[1] is None)


def compatible(c: Value, s: Value) -> str:
    """Why s states what c states, or "" (see the module docstring). Values of different families never agree."""
    fam = family(c)
    if fam != family(s):
        return ""
    if fam in _NUMERIC_FAMILIES:
        if _bound_against_rate(c, s):
            return ""  # "capped at £20" is not shown by "50p per minute" falling under it
        if fam in ("money", "count") and c.unit != s.unit:
            s = _restated(c, s) or s
        if not _units_agree(c, s):
            return ""
        return _numeric_compatible(c, s)
    if fam == "date":
        return "same date" if _date_compatible(c.key, s.key) else ""
    if fam == "time":
        return "same time" if _time_compatible(c, s) else ""
    if fam == "ordinal":
        return "same value" if c.key == s.key and _units_agree(c, s) else ""
    if fam == "url":
        a, b = c.key[0], s.key[0]
        return "same address" if a == b or a.startswith(b + "/") or b.startswith(a + "/") else ""
    if fam in ("weekday", "email"):
        return "same value" if c.key == s.key else ""
    if fam == "entity":
        return "same name" if _entity_compatible(c, s) else ""
    if fam == "quantifier":
        return "same quantifier" if c.key[0] == s.key[0] and c.unit == s.unit else ""
    if fam == "negation":
        return "same negation" if c.unit == s.unit else ""
    return ""


def _governors_clash(c: Value, e: Value) -> bool:
    """Both values have governors and they differ: two facts ("founded in 1990", "sold in 2018"; "app on 26 June",
    "app in October 2013") unless the governing words are merely in another order: "The pier closed on 5 March" and
    "closed the north pier on 4 March" govern the dates by "close" and "pier", and each stands in the other's context.
    """
    if not c.governor or not e.governor or c.governor == e.governor:
        return False
    c_word, e_word = c.governor.split(" ", 1)[0], e.governor.split(" ", 1)[0]
    if c_word == e_word:
        return True
    # "open in the centre in January" and "is due to open in March": each governing word is in the other's sentence
    return c_word not in (*e.context, *e.sentence) or e_word not in c.context


def _shared_name_words(c: Value, e: Value) -> set[str]:
    """Words two names share that say they may be one name: not "North", "City", "Scottish", and at the same place
    in both, first or last ("Manchester United" and "Manchester City"; not "Aston Villa" and "Villa Park")."""
    shared = set()
    for w in set(c.key) & set(e.key):
        if w in _GENERIC_NAME_WORDS or w in _DEMONYMS or w.endswith(("ish", "ese", "ian")):
            continue
        i, j = c.key.index(w), e.key.index(w)
        if i == j or len(c.key) - i == len(e.key) - j:
            shared.add(w)
    return shared


# Words around nearly every figure of their kind, which name no particular fact: "allow around half an hour, plus
# time to chop" and "until it wilts, about 2 minutes" share "time" and nothing else.
_SLOTLESS_WORDS = frozenset(lemma(w) for w in ("time", "times", "total", "overall", "roughly", "approximately"))
# A weekday beside a date names the day, not what happens on it: "Monday 4 May is a bank holiday" and "from Monday
# 13 April" share "Monday" and nothing else, and the claim's date is about something the source never mentions.
_WEEKDAY_WORDS = frozenset(lemma(w) for w in ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday",
                                              "sunday"))


_SHARED_FOR_ONE_SLOT = 3


def slot_score(c: Value, e: Value) -> int:
    """How surely e fills the slot c fills: < 0 never, ≥ 2 the same slot, ≥ 4 surely (module docstring)."""
    fam = family(c)
    if fam != family(e):
        return -1
    score = 0
    if fam in ("count", "ordinal", "age", "duration") and not _units_agree(c, _restated(c, e) or e):
        return -1
    if fam == "duration" and c.low and e.low and c.low > 0 and e.low > 0 and math.isfinite(c.low) and \
            math.isfinite(e.low) and max(c.low, e.low) > 30 * min(c.low, e.low):
        return -1  # "three years" and "15 minutes" measure two different things
    if fam in ("count", "ordinal"):
        c_unit = c.unit or (e.unit if c.in_table and e.unit in c.column else "")
        e_unit = e.unit or (c.unit if e.in_table and c.unit in e.column else "")  # the "Votes" column counts votes
        if c_unit and e_unit:
            if split_rate(c_unit)[0] != split_rate(e_unit)[0]:
                return -1
            score += 2
        elif not (c.governor and c.governor == e.governor):
            return -1  # a bare number belongs to a slot only by its head noun or its governing word
    elif fam == "time":
        if c.unit != e.unit and (_TIME_ZONES.get(c.unit) is None or _TIME_ZONES.get(e.unit) is None):
            return -1  # an unnamed or ambiguous zone against another: the times cannot be compared
        score += 2
    elif fam == "money":
        if _bound_against_rate(c, e):
            return -1  # "capped at £20" and "50p per minute": a limit on a sum and a rate are two things
        score += 2 if split_rate(c.unit)[0] == split_rate(e.unit)[0] else 0
    elif fam in _INTRINSIC_FAMILIES:
        if fam == "percent" and c.unit != e.unit:
            return -1
        if fam == "date" and not _dates_comparable(c.key, e.key):
            return -1  # "January" and "2019" neither agree nor disagree
        score += 2
    elif fam == "entity":
        if c.unit and e.unit and c.unit != e.unit:
            return -1  # "New Zealand all-rounder" and "Australia pace bowler" describe two people
        if _shared_name_words(c, e):
            score += 2
        elif not c.governor or c.governor != e.governor or c.unit or e.unit:
            return -1  # a name fills another's slot only sharing a word with it, or governed by the same words
    elif fam == "quantifier":
        if c.unit != e.unit or "only" in (c.key[0], e.key[0]):
            return -1  # "only" restricts without contradicting; quantifiers of two nouns are two claims
        score += 2
    if c.in_table or e.in_table:
        return _cell_slot_score(c, e, score)
    shared = set(c.context) & set(e.context) - _SLOTLESS_WORDS
    shared.discard(c.unit)
    # "alerts 14 days before any certificate expires" and "an alert fires 30 days before any certificate expires":
    # the same distance from one event, whatever word governs it
    relative = fam == "duration" and c.unit == e.unit and c.unit.startswith("s ") and len(shared) >= 2
    # three words in common around the figures make one slot whatever verb governs them ("costs you a 30-minute time
    # penalty" for "earns a one-hour time penalty" at a spot check), for two figures or two bounds of one direction: a
    # bound against a figure or a range leaves room for too much ("fell by more than two hours" is not "fell from 9
    # hours 20 minutes", "up to £2.50" not "from £2.00 to £2.30")
    one_slot = len(shared) >= _SHARED_FOR_ONE_SLOT and (c.qualifier == e.qualifier or any(
        c.qualifier in bounds and e.qualifier in bounds for bounds in (_LOWER_BOUNDS, _UPPER_BOUNDS)))
    if _governors_clash(c, e) and not relative and not one_slot:
        return -1  # "founded in 1990" and "sold in 2018" are two facts, not two versions of one
    if c.governor and c.governor == e.governor:
        score += 2
    if fam in _INTRINSIC_FAMILIES and not shared and not (c.governor and c.governor == e.governor) and \
            not (c.unit and c.unit == e.unit and fam in ("age", "money")):
        return -1  # two dates (ages, sums) with nothing around them in common: nothing says they are one fact
    if any(c.qualifier in bounds and e.qualifier in bounds for bounds in (_LOWER_BOUNDS, _UPPER_BOUNDS)):
        score += 1  # "capped at £20" and "capped at £30": two limits on one thing before a rate beside them
    score += min(2, len(shared))
    return score


def _cell_slot_score(c: Value, e: Value, score: int) -> int:
    """The slot score when either value is a table cell (c the claim's value, e the evidence's).

    A cell fills the slot of a value whose sentence shares a word with the cell's row (its label: "Design work
    (hours)" for its amount, "Tim Hart" for his votes): + 1 per shared word (at most 2), + 1 when the column's header
    is named too ("Amount", "Votes"); a cell of another row is another slot, whatever its column. A figure of the
    evidence's prose belongs to what its governor names: a claim's row must use that word ("doubled since the January
    release" is not the due date in a row of actions).
    """
    c_words = set(c.context) if c.in_table else set(c.sentence) | set(c.context) | set(c.governor.split())
    e_words = set(e.context) if e.in_table else set(e.sentence) | set(e.context) | set(e.governor.split())
    shared = (c_words & e_words) - {c.unit, e.unit, ""}
    if not shared:
        return -1
    if c.in_table and e.in_table and {*c.column} - {""} and {*e.column} - {""} and \
            not (set(c.column) & set(e.column)) - {""}:
        return -1  # two tables' cells under headers with no word in common ("Actual" and "Resolution target")
    if c.in_table and not e.in_table and e.governor and \
            e.governor.split(" ", 1)[0] not in set(c.context) | set(c.column):
        return -1
    header = (set(c.column) & (set(e.column) | e_words)) | (set(e.column) & c_words)
    return score + min(2, len(shared)) + (1 if header - {""} else 0)


def weak(v: Value) -> bool:
    """A one-sided bound or a vague magnitude: it agrees with so much that it proves little."""
    return v.qualifier in ("vague", *_LOWER_BOUNDS, *_UPPER_BOUNDS)


def _lookup_source(c: Value, source: ValueIndex) -> Value | None:
    """A value of the source that agrees with c in the same slot or, failing that, anywhere.

    A one-sided bound or a vague magnitude of the source counts only in c's slot: "more than 100" elsewhere in
    the source does not state every larger number.
    """
    fam = family(c)
    if fam in _NUMERIC_FAMILIES:
        values, items = source.points
        if c.low is not None and c.high is not None:
            lo = c.low - max(c.step, abs(c.low) * _ROUNDING_SHARE) if math.isfinite(c.low) else -INF
            hi = c.high + max(c.step, abs(c.high) * _ROUNDING_SHARE) if math.isfinite(c.high) else INF
            first = bisect.bisect_left(values, lo)
            last = bisect.bisect_right(values, hi)
            if last - first > 400:
                last = first + 400  # a bound such as "more than 5" over a long table: enough to decide
            candidates = items[first:last] + source.intervals
        else:
            candidates = source.intervals
    elif fam == "entity":
        candidates = source.entity_candidates(c)
    else:
        candidates = source.by_family.get(fam, [])
    best: Value | None = None
    best_score = -9
    for s in candidates:
        if family(s) != fam or not compatible(c, s):
            continue
        score = slot_score(c, s)
        if weak(s) and score < _SAME_SLOT:
            continue
        score -= 2 if weak(s) else 0
        if score > best_score:
            best, best_score = s, score
    return best


def _code_digits(v: Value) -> bool:
    """Zero-padded digits ("0015" of a card number "633597 0015 4482"): a code's digits, not a figure."""
    return len(v.text) > 1 and v.text[0] == "0" and v.text.isdigit()


def _number_anywhere(c: Value, source: ValueIndex) -> Value | None:
    """A source number equal to c's, whatever its unit or kind (a year counts): the claim's figure is there."""
    if c.low is None or c.low != c.high or not math.isfinite(c.low):
        return None
    values, items = source.points
    k = bisect.bisect_left(values, c.low)
    while k < len(values) and values[k] == c.low:
        if not _code_digits(items[k]):
            return items[k]
        k += 1
    return None


_TIMES_UNIT = lemma("times")  # "five times faster": a ratio
_MAX_MULTIPLIERS = 12
_MAX_MULTIPLIER = 1000  # "30 vehicles × £50": a count that multiplies; larger counts are totals, not factors
_MAX_SOURCE_OPERANDS = 300
_DAYS_BEFORE_MONTH = (0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334)


def _day_number(key: tuple) -> int | None:
    """Days since 1 January of year 0 (a year left unsaid counts as 1), for dates that name a month and a day."""
    year, _, month, day = key
    if month is None or day is None:
        return None
    y = 1 if year is None else year
    leap = y % 4 == 0 and (y % 100 != 0 or y % 400 == 0)
    return y * 365 + y // 4 - y // 100 + y // 400 + _DAYS_BEFORE_MONTH[month - 1] + day + (leap and month > 2)


def _spans_between(c: Value, values: Sequence[Value], stated: Sequence[Value] = ()) -> list[float]:
    """Lengths between the dates, times and years of `values`, in c's unit: "28 April" to "28 May" is 30 days,
    13:10 to 14:25 is 75 minutes, 1990 to 2020 is 30 years (years in an age, seconds in a duration). A day of no
    stated year among `stated` (the source's, never the claim's own) is also taken in the years `values` state."""
    per_year = 1.0 if c.kind == "age" else _SECONDS["year"]
    years = sorted({float(v.key[0]) for v in values if v.kind == "date" and v.key[0] is not None and
                    v.key[0] == v.key[1]})[:_MAX_DERIVATION_VALUES]
    found = [abs(b - a) * per_year for i, a in enumerate(years) for b in years[i + 1:]]
    if c.kind != "duration":
        return found
    dated = sorted({(d, v.key[0] is None) for v in values
                    if v.kind == "date" and (d := _day_number(v.key)) is not None})
    # a day of no stated year beside dated ones is taken in their year too ("now (it's 21 April)" and "3 February
    # 2026": 77 days)
    stated_years = sorted({v.key[0] for v in values if v.kind == "date" and v.key[0] is not None and
                           v.key[0] == v.key[1] and v.key[2] is not None})[:2]
    dated = sorted({*dated, *((d, False) for v in stated if v.kind == "date" and v.key[0] is None
                               for y in stated_years if (d := _day_number((y, y, v.key[2], v.key[3]))) is not None)})
    dated = dated[:_MAX_DERIVATION_VALUES]
    found += [(b - a) * 86400.0 for i, (a, _) in enumerate(dated) for b, _ in dated[i + 1:]]
    # "23 December to 2 January": two days of no stated year may run over the new year
    found += [(365 - (b - a)) * 86400.0 for i, (a, open_a) in enumerate(dated) for b, open_b in dated[i + 1:]
              if open_a and open_b and b - a > 180]
    times = [v.key for v in values if v.kind == "time"][:_MAX_DERIVATION_VALUES]
    for i, first in enumerate(times):
        for second in times[i + 1:]:
            found += [((b - a) % 1440) * 60.0 for a in first for b in second if a != b]
    return found


_BINARY_FACTORS = (1.024, 1.024 ** 2, 1.024 ** 3, 1 / 1.024, 1 / 1.024 ** 2, 1 / 1.024 ** 3)
_THRESHOLD_RE = re.compile(r"\b(?:minimum|maximum|min|max|limit|cap)\b", re.IGNORECASE)


def _figures(v: Value) -> list[float]:
    """The figures a value writes: a point or an approximation's figure, a range's two ends, a named threshold's
    figure ("legal minimum 1.6 mm", "a maximum of 28 days"); none for another bound."""
    assert v.low is not None and v.high is not None
    if v.qualifier == "range":
        figures = [v.low, v.high]
    elif v.low == v.high or v.qualifier in _APPROXIMATE or _THRESHOLD_RE.search(v.text):
        figures = [stated_number(v)]
    else:
        return []
    return figures if all(math.isfinite(x) for x in figures) else []


def _derivation_operands(c: Value, values: Sequence[Value]) -> tuple[list[float], list[float]]:
    """(own, loose) figures for a derivation of c from `values`.

    own: figures of c's kind and unit (money of its currency, a rate restated per c's period, counts of the same
    noun, durations of the same kind; percents for a percent or a figure in points). loose: figures that may join
    an own figure in a sum or a difference but never make one alone: for money, a bare figure or one written with
    a magnitude ("4.1 million dollars, of which 2.5 million ..."); for a percent, counts and amounts (ratios only).
    """
    fam = family(c)
    in_points = _in_points(c)
    own: list[float] = []
    loose: list[float] = []
    for e in values:
        if e is c or e.low is None or e.high is None or family(e) not in _NUMERIC_FAMILIES:
            continue
        part = family(e)
        if part == fam and c.unit != e.unit and fam in ("money", "count"):
            e = _restated(c, e) or e  # "£48 a year" is £4 a month
        figures = _figures(e)
        if not figures:
            continue
        if in_points:
            if part == "percent":
                own += figures
            elif part in ("count", "money") and e.unit not in _PHYSICAL_UNITS:
                loose += figures
        elif part == fam and (e.unit == c.unit or (fam in ("duration", "age") and _units_agree(c, e)) or
                              (fam == "count" and not c.unit and e.unit not in _PHYSICAL_UNITS)):
            own += figures
        elif fam == "money" and part == "count" and (not e.unit or e.step >= 1e3):
            loose += figures
    return own[:_MAX_DERIVATION_VALUES], loose[:_MAX_DERIVATION_VALUES]


def _multipliers(values: Sequence[Value]) -> list[float]:
    """Whole counts from 2 to 1,000 ("30 vehicles", "9 times", "2 adults") that may multiply a figure."""
    found = [v.low for v in values if family(v) == "count" and v.unit not in _PHYSICAL_UNITS and v.low is not None and
             v.low == v.high and v.low == int(v.low) and 2 <= v.low <= _MAX_MULTIPLIER and not v.qualifier]
    return found[:_MAX_MULTIPLIERS]


def _in_points(c: Value) -> bool:
    """A percent, or a figure counted in points ("fell three points"): differences of percents derive it."""
    return family(c) == "percent" or (family(c) == "count" and lemma(c.unit) == "point")


def _derivation_fit(c: Value):
    """The test a derived figure x must pass for c, and the window [low, high] that holds every x passing it.

    A point: c rounds x (within half its step and 10% of x; for a percent, half a point). An approximation: its
    figure is within half a step or 5% of x ("about 630 g" for 630 g, not "about 57" for 54). A bound: x just past
    its figure, within a step or a quarter of it ("more than 20" for 23, not for 2,300).
    """
    assert c.low is not None and c.high is not None
    points = _in_points(c)
    n = stated_number(c)
    if c.low == c.high:
        def fits(x: float) -> bool:
            slack = max(c.step / 2, 1e-9 * abs(x), 0.5 if points else 0.0)
            return abs(n - x) <= slack and abs(n - x) <= max(_ROUNDING_SHARE * abs(x), 0.5)
        width = max(c.step / 2, 0.5 if points else 0.0, _ROUNDING_SHARE * abs(n))
        return fits, n - width, n + width
    if c.qualifier in _APPROXIMATE:
        width = max(c.step / 2, 0.5) if points else max(c.step / 2, 0.05 * abs(n))
        lo = n if c.qualifier == "just over" else n - width
        hi = n if c.qualifier == "nearly" else n + width
    elif c.qualifier in _LOWER_BOUNDS:
        lo, hi = n, n + max(c.step, 0.25 * abs(n))
    elif c.qualifier in _UPPER_BOUNDS:
        lo, hi = n - max(c.step, 0.25 * abs(n)), n
    else:
        return (lambda x: False), 0.0, -1.0
    low, high = lo - 1e-9 * abs(lo), hi + 1e-9 * abs(hi)
    return (lambda x: low <= x <= high), lo, hi


def _derived(c: Value, values: Sequence[Value], claim_others: Sequence[Value] = (), *, products: bool = True,
             own_days: Sequence[Value] = ()) -> bool:
    """c is arithmetic over the figures of `values` and of the claim's other values (module docstring, "Derived
    figures"); products take their count from the claim ("£1,500 for 30 vehicles": 30 × £50). `own_days` are dates
    and times of the claim among `values`: a year the source states never completes them."""
    stated_days = [v for v in values if not any(v is d for d in own_days)]
    # "partial" ("eight more than last spring") may well be a difference of two figures; it is never a total. A
    # maximum ("up to four visitors") is a limit someone set, not a result worked out from other figures, unless
    # the claim works it out from another maximum ("a bonus of up to 8% of salary, which would be up to £2,496").
    if _bound_from_bound(c, [*values, *claim_others]):
        return True
    if c.qualifier in _UPPER_BOUNDS and c.high is not None and math.isfinite(c.high) and any(
            family(o) == family(c) and o.unit == c.unit and o.qualifier in _UPPER_BOUNDS and o.high is not None and
            abs(m * o.high - c.high) <= 1e-9 * max(1.0, c.high) for o in values for m in _multipliers(claim_others)):
        return True  # "up to 54 aliquots" from nine tubes at "up to six aliquots per tube": a maximum times a count
    bounds = [o for o in claim_others if o.qualifier in _UPPER_BOUNDS and o.high is not None and math.isfinite(o.high)]
    if c.qualifier in _UPPER_BOUNDS and bounds and c.high is not None and math.isfinite(c.high):
        c = replace(c, low=c.high, qualifier="")
        claim_others = [replace(o, low=o.high, qualifier="") if o in bounds else o for o in claim_others]
    if family(c) in ("duration", "age") and c.qualifier == "exactly" and c.low is not None and c.low == c.high and \
            any(abs(x - c.low) < 1e-6 * max(1.0, c.low)
                for x in _spans_between(c, [*values, *claim_others], stated_days)):
        return True  # "exactly 11 weeks" from 3 February to 21 April: a span worked out to the day
    if family(c) == "duration" and c.qualifier == "fewer than" and c.high is not None and math.isfinite(c.high):
        # "less than a fortnight after you fly home on 21 August" for 3 September: a span between dates, bounded
        fits, _, _ = _derivation_fit(c)
        if any(fits(x) and x < c.high for x in _spans_between(c, [*values, *claim_others], stated_days)):
            return True
    if c.qualifier in _LOWER_BOUNDS and any(
            family(o) == family(c) and o.unit == c.unit and o.qualifier in _LOWER_BOUNDS and
            not _numeric_compatible(c, o) for o in values if o.low is not None and o.high is not None):
        return False  # "at least 85%" where the source sets "at least 80%": its limit changed, not worked out
    if c.low is None or c.high is None or c.qualifier in ("range", "vague", *_UPPER_BOUNDS) or \
            (c.qualifier == "exactly" and not c.text.lower().startswith(("only", "just"))) or \
            not (math.isfinite(c.low) or math.isfinite(c.high)):
        return False  # "only 0.6 mm above the minimum" is a difference; "exactly 12" is stated, not worked out
    fam = family(c)
    points = _in_points(c)
    fits, window_lo, window_hi = _derivation_fit(c)
    if c.unit == "B" and any(o.unit == "B" and o.low is not None and o.low == o.high and
                             any(fits(o.low * f) for f in _BINARY_FACTORS) for o in claim_others):
        return True  # "18 TB is 18,432 GB": the claim's own conversion in binary multiples
    if fam == "money" and split_rate(c.unit)[1] is not None and any(
            (r := _restated(c, o)) is not None and o.unit != c.unit and split_rate(o.unit)[1] is not None and
            r.low is not None and r.low == r.high and fits(r.low) for o in claim_others):
        return True  # "£20.98 a month, or £251.76 a year": the claim's own figure per another period
    if fam == "count" and c.unit == _TIMES_UNIT:
        # "more than five times faster": the ratio of two figures of one kind ("400 Mb/s against 70 Mb/s")
        groups: dict[tuple[str, str], list[float]] = {}
        for v in (*values, *claim_others):
            if v is not c and family(v) in _NUMERIC_FAMILIES and v.unit != _TIMES_UNIT and v.low is not None:
                groups.setdefault((family(v), v.unit), []).extend(_figures(v))
        return any(fits(a / b) for numbers in groups.values() for a in numbers[:_MAX_DERIVATION_VALUES]
                   for b in numbers[:_MAX_DERIVATION_VALUES] if b and a > b)
    # the claim's own figures, less those the values state already ("France 3" twice is not 3 + 3)
    # (a date or a time has no figure: its key tells two apart)
    stated = {(family(v), v.low, v.high, v.key if v.low is None else None) for v in values}
    pool = [*values, *(o for o in claim_others
                       if (family(o), o.low, o.high, o.key if o.low is None else None) not in stated)]
    if fam in ("duration", "age") and any(fits(x) for x in _spans_between(c, pool, stated_days)):
        return True
    own, loose = _derivation_operands(c, pool)
    if not own and not (points and loose):
        return False
    terms = list(own)
    if products and not points:  # a stated count times a figure ("2 adults at £14", "9 visits of 2 hours")
        made = [m * x for m in _multipliers(claim_others) for x in own if m != x]
        if any(fits(x) for x in made):
            return True
        terms += made
    if products and fam == "money" and c.low == c.high and abs(n_written := stated_number(c)) >= 100 * c.step:
        # "326 miles × 5p | £16.30", "21.0p a share, which on 1,250 shares comes to £262.50", "over 10 days that's
        # £649.50": a quantity, a count or a number of periods of the claim times a price (per thing or per
        # period), to the figure's last digit (three significant figures at least, so a chance product of round
        # figures does not count)
        measures = [_written_figure(o) for o in claim_others if family(o) in ("count", "duration")]
        prices = [x for v in pool if family(v) == "money" and split_rate(v.unit)[0] == c.unit for x in _figures(v)]
        if any(m and abs(m * x - n_written) <= c.step / 2 + 1e-9 for m in measures[:_MAX_MULTIPLIERS]
               for x in prices[:_MAX_DERIVATION_VALUES]):
            return True
    # a share of an amount or a count: "a credit of 25% of the monthly fee, which is £1,600" (£6,400 × 25%)
    if fam in ("money", "count") and not points:
        shares = [f / 100.0 for v in pool if family(v) == "percent" and v.unit == "%" for f in _figures(v)]
        # ... or the amount less or plus that share: "£68 a session, or £61.20 with your 10% concession"
        if any(fits(share * x) or (share < 1 and (fits((1 - share) * x) or fits((1 + share) * x)))
               for share in shares[:_MAX_MULTIPLIERS] for x in own if share > 0):
            return True
    # a yearly amount spread over c's period: "£1,240 for the first year, about £103 a month"
    c_base, c_period = split_rate(c.unit)
    if fam in ("money", "count") and c_period is not None and c_period < _SECONDS["year"]:
        yearly = [x for v in pool if family(v) == fam and split_rate(v.unit) == (c_base, None) and v.unit
                  for x in _figures(v)]
        if any(fits(x * c_period / _SECONDS["year"]) for x in yearly[:_MAX_DERIVATION_VALUES]):
            return True
    # ... or over a span the claim states: "the 5-year plan at £219 works out at about £3.65 a month"; and a rate
    # kept up over such a span, to the figure's last digit: "£8.99 a month, or £539.40 over five years"
    # ("over five years" after a rate is across them, not more than them)
    spans = [o.low for o in claim_others if family(o) == "duration" and o.unit == "s" and o.low is not None and
             (o.low == o.high or o.text.lower().startswith("over ")) and math.isfinite(o.low) and o.low > 0
             ][:_MAX_MULTIPLIERS]
    if fam in ("money", "count") and c_period is not None and spans:
        amounts = [x for v in pool if family(v) == fam and split_rate(v.unit) == (c_base, None) and v.unit
                   for x in _figures(v)]
        if any(fits(x * c_period / d) for d in spans if d > c_period for x in amounts[:_MAX_DERIVATION_VALUES]):
            return True
    if fam == "money" and c_period is None and spans and (c.low == c.high or c.qualifier in _APPROXIMATE):
        # to three significant figures at least, so that a chance product of round figures does not count; a rate
        # the claim states itself needs none ("£47 a night, £470 for the 10 nights": its own working, in full); an
        # estimate, to its own rounding ("£110.40 a week ... over a year that's about £5,740")
        n_written = stated_number(c)
        own_rates = {id(v) for v in claim_others}
        rates = [(x, period, id(v) in own_rates) for v in pool if family(v) == fam and
                 (rate := split_rate(v.unit))[0] == c.unit and (period := rate[1]) is not None for x in _figures(v)]
        if any((fits(x * d / period) if c.qualifier in _APPROXIMATE else
                abs(x * d / period - n_written) <= c.step / 2 + 1e-9 * abs(n_written)) for d in spans
               for x, period, own in rates[:_MAX_DERIVATION_VALUES]
               if d > period and (own or abs(n_written) >= 100 * c.step)):
            return True
    # sums and differences of two figures, one of them c's own kind (or a product of it); a percent's loose
    # figures (counts, amounts) only make ratios
    ranked = sorted((x, n) for n, x in enumerate(terms if points else terms + loose))
    figures = [x for x, _ in ranked]

    def partner_near(n: int, low: float, high: float, combine) -> bool:
        """A figure in [low, high], other than term n and its value (a figure stated twice is not two figures)."""
        k = bisect.bisect_left(figures, low - 1e-9 * abs(low))
        while k < len(figures) and figures[k] <= high + 1e-9 * abs(high):
            if ranked[k][1] != n and figures[k] != terms[n] and fits(combine(figures[k])):
                return True
            k += 1
        return False

    for n, a in enumerate(terms):
        if partner_near(n, window_lo - a, window_hi - a, lambda b, a=a: a + b) or \
                partner_near(n, a - window_hi, a - window_lo, lambda b, a=a: a - b) or \
                partner_near(n, a + window_lo, a + window_hi, lambda b, a=a: b - a):
            return True
    # a ratio or a percentage change of two counts or amounts of one kind ("from 300 to 400": a third)
    if fam == "percent" and c.unit == "%":
        groups: dict[tuple[str, str], list[float]] = {}
        for v in pool:
            if family(v) in ("count", "money") and v.unit not in _PHYSICAL_UNITS and v.low is not None:
                groups.setdefault((family(v), split_rate(v.unit)[0]), []).extend(_figures(v))
        # a percentage of one significant figure ("5%", "20%") is a ratio of some two of the source's many figures
        # by chance: one of them must be the claim's own
        own_figures = {x for o in claim_others if family(o) in _NUMERIC_FAMILIES and o.low is not None and
                       o.high is not None for x in _figures(o)}
        coarse = c.low is not None and c.low == c.high and _one_significant_figure(c.low)
        for numbers in groups.values():
            numbers = numbers[:_MAX_DERIVATION_VALUES]
            for a_index, a in enumerate(numbers):
                for b in numbers[a_index + 1:]:
                    if coarse and a not in own_figures and b not in own_figures:
                        continue
                    for p, q in ((a, b), (b, a)):
                        if q and any(fits(x) for x in (100.0 * p / q, 100.0 * (p - q) / q, 100.0 * (q - p) / q)):
                            return True
        # a share of a table column's total ("28% of the valid vote" from the votes of five candidates); not a
        # share of one significant figure, which many pairs of figures give by chance
        columns: dict[tuple[str, ...], list[float]] = {}
        for v in pool:
            if v.in_table and v.column and family(v) in ("count", "money") and v.low is not None and v.low == v.high:
                columns.setdefault(v.column, []).append(v.low)
        if not coarse and any(len(cells) >= 3 and (total := sum(cells)) > 0 and
                              any(fits(100.0 * a / total) for a in cells[:_MAX_DERIVATION_VALUES])
                              for cells in columns.values()):
            return True
    # a total of all the figures of c's kind, or of all the counts ("more than 20 knives, canisters and
    # knuckledusters")
    if fam in ("count", "duration", "money") and len(own) >= 3 and fits(sum(own)):
        return True
    # the claim's own figures as written, their unit understood: "about 26 minutes of cooking: 8 minutes for the
    # onion, 1 for the spices, 15 of simmering and about 2 for the spinach"
    written = [_written_figure(o) for o in claim_others if family(o) in _NUMERIC_FAMILIES]
    own_written = _written_figure(c)
    if own_written is not None and len(written) >= 3 and None not in written and \
            abs(sum(x for x in written if x is not None) - own_written) <= 0.05 * own_written:
        return True
    # two figures and then their exact sum or difference: "25 days plus the 8 bank holidays, so 33 days", "20 free
    # requests a year, so with 6 used you have 14 left"
    before = [o for o in claim_others if family(o) in _NUMERIC_FAMILIES and o.span.end <= c.span.start]
    before_written = [_written_figure(o) for o in before]
    if own_written is not None and len(before) == len(written) == 2 and None not in written and \
            abs(sum(x for x in written if x is not None) - own_written) <= 1e-6 * max(1.0, own_written):
        return True
    if own_written is not None and len(before) == 2 and None not in before_written and \
            abs(abs(before_written[0] - before_written[1]) - own_written) <= 1e-6 * max(1.0, own_written):
        return True
    counts = [e.low for e in values if e is not c and family(e) == "count" and e.low is not None and
              e.low == e.high and math.isfinite(e.low) and e.unit not in _PHYSICAL_UNITS]
    return fam == "count" and len(counts) >= 3 and fits(sum(counts[:_MAX_DERIVATION_VALUES]))


_ONE_PERIOD_OVER_RE = re.compile(r"(?i)(?:over|across)\s+(?:a|one|the|a\s+whole|the\s+whole)\s+"
                                 r"(?:year|month|week|fortnight|day)\b")


def _span_a_total_runs_over(c: Value, claim: Sequence[Value]) -> bool:
    """"Over a year, that's about £5,740": one period that a sum of money or a count of the claim runs over, not a
    duration of more than one period."""
    return c.kind == "duration" and _ONE_PERIOD_OVER_RE.fullmatch(c.text) is not None and any(
        family(o) in ("money", "count") and o.low is not None and split_rate(o.unit)[1] is None for o in claim
        if o is not c)


def _one_significant_figure(x: float) -> bool:
    """5, 20, 300, 0.5: a figure with one significant digit."""
    if not math.isfinite(x) or x == 0:
        return False
    scale = 10 ** math.floor(math.log10(abs(x)))
    return abs(x / scale - round(x / scale)) < 1e-9


def _range_ends_total(c: Value, values: Sequence[Value]) -> bool:
    """c is the total of the low ends, or of the high ends, of three or more ranges of its family and unit: "roughly
    £12,600 to £21,050 in total" for six measures costing "£100 – £350", "£900 – £1,500", ... One sum each way,
    so no accident makes it."""
    if c.low is None or c.high is None or family(c) not in ("money", "count", "duration"):
        return False
    ranges = [v for v in values if v is not c and v.qualifier == "range" and family(v) == family(c) and
              v.unit == c.unit and v.low is not None and v.high is not None and math.isfinite(v.low) and
              math.isfinite(v.high)][:_MAX_DERIVATION_VALUES]
    if len(ranges) < 3:
        return False
    fits, _, _ = _derivation_fit(c)
    return fits(sum(v.low for v in ranges)) or fits(sum(v.high for v in ranges))  # type: ignore[misc]


def _bound_from_bound(c: Value, pool: Sequence[Value]) -> bool:
    """Bound c, of three significant figures or more, is a figure of the pool plus or minus a bound's figure, to c's
    last digit: "at least £934 left" from a balance of £1,284 and a spend of "up to £350". A bound's figure never
    derives a point, and a bound within a quarter of its figure fits too much for anything looser."""
    if c.qualifier not in (*_LOWER_BOUNDS, *_UPPER_BOUNDS) or c.low is None or c.high is None:
        return False
    n = stated_number(c)
    if not math.isfinite(n) or abs(n) < 100 * c.step:  # small figures are sums of others by chance: 6 is 18 - 12
        return False
    point = replace(c, low=n, high=n, qualifier="")
    bounds = [replace(v, low=stated_number(v), high=stated_number(v), qualifier="") for v in pool
              if v is not c and v.qualifier in (*_LOWER_BOUNDS, *_UPPER_BOUNDS) and v.low is not None and
              v.high is not None and math.isfinite(stated_number(v))]
    if not bounds:
        return False
    bound_figures, _ = _derivation_operands(point, bounds)
    figures, _ = _derivation_operands(point, [v for v in pool if v is not c])
    return any(abs(a + sign * b - n) <= c.step / 2 + 1e-9 * abs(n) for a in figures for b in bound_figures
               for sign in (1, -1) if a != b)


def _derived_anywhere(c: Value, evidence: list[Value], claim_others: Sequence[Value], source: ValueIndex) -> bool:
    """c is derived from the evidence's figures and the claim's own (arithmetic written out in the claim), or, as
    a sum or a difference of two, from the source's figures of its family."""
    if _derived(c, evidence, claim_others):
        return True
    wanted = {family(c)} | ({"percent", "count", "money"} if family(c) == "percent" else set())
    if family(c) in ("duration", "age"):
        wanted |= {"date", "time"}
    pool = [v for fam in sorted(wanted) for v in source.by_family.get(fam, [])][:_MAX_SOURCE_OPERANDS]
    if family(c) in ("money", "count"):  # the claim's percent of a source amount
        pool += [o for o in claim_others if family(o) == "percent"]
    # "Wednesday 18 March, three days before the clean-up" on Saturday 21 March: the claim's own dates and times, which
    # a year the source states never completes (a wrong span and the day it gives would agree with each other)
    claim_days = [o for o in claim_others if family(o) in ("date", "time")] if family(c) == "duration" else []
    return _derived(c, [*pool, *claim_days], products=False, own_days=claim_days) or \
        _price_times_stated(c, claim_others, source)


_MAX_PRICES = 60
_BOUNDARY_WORDS = frozenset(lemma(w) for w in ("last", "final", "first", "end", "ends", "until", "till", "start",
                                               "starts", "begin", "begins", "finish", "finishes", "close", "closes"))
_MAX_NAMED_ROWS = 40


def _rows_total(c: Value, claim: Sequence[Value], source: ValueIndex) -> bool:
    """Amount c, of three significant figures or more, is the total of one column over the rows of a source table
    that a name of the claim names, to c's last digit: "your three Tesco shops came to £145.94" over the statement's
    three TESCO rows."""
    if family(c) not in ("money", "count") or c.low is None or c.low != c.high or not c.step or \
            abs(c.low) < 100 * c.step:
        return False
    names = {w for v in claim if v.kind == "entity" for w in v.key if isinstance(w, str) and len(w) > 2}
    if not names:
        return False
    columns: dict[tuple[tuple[str, ...], int], list[float]] = {}
    text = source.text
    for v in source.values:
        if v.in_table and family(v) in ("money", "count") and v.low is not None and v.low == v.high and \
                names & set(v.context):
            line_start = text.rfind("\n", 0, v.span.start) + 1
            cell = sum(text.count(mark, line_start, v.span.start) for mark in (",", "|", "\t"))  # the cell's place
            columns.setdefault((v.column, cell), []).append(abs(v.low))
    return any(2 <= len(cells) <= _MAX_NAMED_ROWS and abs(sum(cells) - abs(c.low)) <= c.step / 2 + 1e-9 * abs(c.low)
               for cells in columns.values())
_SHARE_WORDS_RE = re.compile(r"\b(?:(?P<half>half)|(?:a|one)\s+(?P<third>third)|(?:a|one)\s+(?P<quarter>quarter)|"
                             r"two[\s-]thirds|three[\s-]quarters|both|twice|double)\b", re.IGNORECASE)
# the multiples too: "milk for both of them, that's £29 a term" (2 × £14.50)
_SHARES = {"half": 0.5, "third": 1 / 3, "quarter": 0.25, "two thirds": 2 / 3, "three quarters": 0.75, "both": 2.0,
           "twice": 2.0, "double": 2.0}


def _share_in_words(c: Value, claim_text: str, values: Sequence[Value], source: ValueIndex) -> bool:
    """Amount or count c is a share the claim names in words ("the PCC is paying half, so £320") of a figure of its
    kind and unit in the evidence, the claim or the source, to c's last digit."""
    if family(c) not in ("money", "count") or c.low is None or c.low != c.high or not c.step or \
            abs(c.low) < 10 * c.step:
        return False
    shares = {_SHARES[re.sub(r"[\s-]+", " ", m.group().lower()).removeprefix("a ").removeprefix("one ")]
              for m in _SHARE_WORDS_RE.finditer(claim_text)}
    if not shares:
        return False
    pool = [*values, *source.by_family.get(family(c), [])[:_MAX_SOURCE_OPERANDS]]
    wholes = {v.low for v in pool if v is not c and family(v) == family(c) and v.unit == c.unit and
              v.low is not None and v.low == v.high}
    return any(abs(share * x - c.low) <= c.step / 2 + 1e-9 * abs(x) for share in shares for x in wholes)


def _sum_of_the_amounts_before(c: Value, claim: Sequence[Value]) -> bool:
    """c is the sum of every amount of its currency the claim states before it, two or more ("4 pints (£4.20), orange
    juice (£2.70), yoghurt (£2.40) | £9.30"; a table row "£35.00 | £338.00 | £104.00 | £477.00"): the claim's own
    total, right whatever the source says of it."""
    if c.kind != "money" or c.low is None or c.low != c.high:
        return False
    before = [x for x in claim if x.kind == "money" and x.unit == c.unit and x.span.end <= c.span.start]
    if len(before) < 2 or any(x.low is None or x.low != x.high for x in before):
        return False
    return abs(sum(x.low for x in before if x.low is not None) - c.low) < 0.005


_PER_BATCH_RE = re.compile(r"\s*(?:per|for|/|a|each)\s*$", re.IGNORECASE)


def _price_per_batch(c: Value, claim: Sequence[Value], text: str) -> bool:
    """Amount c is a price per batch times a quantity the claim states, exactly: "1,000 | £9.80 per 100 | £98.00",
    "600 cups at £14.20 per 100: £85.20". The price, its batch size and the quantity are all the claim's own."""
    if c.kind != "money" or c.low is None or c.low != c.high or c.qualifier:
        return False
    plain = [x for x in claim if family(x) == "count" and x.low is not None and x.low == x.high and x.low > 0 and
             x.span.end <= c.span.start]
    for price in claim:
        if price.kind != "money" or price.unit != c.unit or price.low is None or price.low != price.high or \
                price.span.end > c.span.start:
            continue
        batch = next((b for b in plain if b.span.start >= price.span.end and
                      _PER_BATCH_RE.match(text[price.span.end:b.span.start])), None)
        if batch is None or batch.low is None or batch.low < 2:
            continue
        for quantity in plain:
            if quantity is batch or quantity.low is None:
                continue
            if abs(price.low * quantity.low / batch.low - c.low) <= c.step / 2 + 1e-9 * abs(c.low):
                return True
    return False


def _gap_to_a_claimed_figure(c: Value, claim: Sequence[Value], source: ValueIndex) -> bool:
    """Amount c, of three significant figures or more, is the gap between another amount the claim states and one the
    source states, to the penny: "Free carriage starts above £600 of goods, so this order missed it by £90.40" for
    goods of £509.60. Only exact differences, so no chance makes one."""
    if c.kind != "money" or c.low is None or c.low != c.high or c.qualifier or abs(c.low) < 100 * c.step:
        return False
    mine = [stated_number(o) for o in claim if o is not c and o.kind == "money" and o.unit == c.unit and
            o.low is not None][:_MAX_DERIVATION_VALUES]
    stated = [s.low for s in source.by_family.get("money", [])[:_MAX_SOURCE_OPERANDS]
              if s.unit == c.unit and s.low is not None and s.low == s.high]
    return any(abs(abs(o - x) - c.low) <= c.step / 2 + 1e-9 * abs(c.low) for o in mine for x in stated)


def _price_times_stated(c: Value, claim_others: Sequence[Value], source: ValueIndex) -> bool:
    """Amount c, of three significant figures or more, is a stated price times a stated count, or a stated rate over a
    stated time, to its last digit: "£649.50" for "£64.95 a day" over "the first 10 days", "£57.10" for ten days at
    "£5.71 a day". The claim's own counts and times count too; only exact products, so no chance makes one. A
    smaller amount only from a price and a count or time the claim itself states beside it: "£8 a day (£56 if you're
    there all seven days)"."""
    if family(c) != "money" or c.low is None or c.low != c.high or c.qualifier or not math.isfinite(c.low) or \
            split_rate(c.unit)[1] is not None:
        return False
    own = abs(c.low) < 100 * c.step  # then the claim's own figures only
    n = c.low

    def stated(kind: str) -> list[Value]:
        return [] if own else source.by_family.get(kind, [])[:_MAX_SOURCE_OPERANDS]

    pool = [*claim_others, *stated("money")]
    prices = [(v.low, split_rate(v.unit)[1]) for v in pool if family(v) == "money" and v is not c and
              v.low is not None and v.low == v.high and v.low and split_rate(v.unit)[0] == c.unit][:_MAX_PRICES]
    if not prices:
        return False
    counts = _multipliers([*claim_others, *stated("count")])
    times = [v.low for v in (*claim_others, *stated("duration"))
             if family(v) == "duration" and v.low is not None and v.low == v.high and math.isfinite(v.low) and
             v.low > 0]
    for price, period in prices:
        factors = counts + ([t / period for t in times[:_MAX_DERIVATION_VALUES]] if period else [])
        if any(abs(price * f - n) <= c.step / 2 + 1e-9 * abs(n) for f in factors):
            return True
    return False


def _negation_checks(claim: list[Value], claim_index: ValueIndex, claim_spans: Sequence[Span],
                     evidence: list[Value], evidence_index: ValueIndex, evidence_spans: Sequence[Span],
                     source: ValueIndex, in_evidence: bool) -> dict[int, ValueCheck]:
    """Verdicts on the claim's negations (by position in `claim`) and on affirmed words the evidence negates."""
    verdicts: dict[int, ValueCheck] = {}
    for n, c in enumerate(claim):
        if c.kind != "negation":
            continue
        agreeing = next((s for s in source.by_family.get("negation", []) if compatible(c, s)), None)
        if agreeing is not None:
            verdicts[n] = ValueCheck(c, "matched", agreeing, False, "the source negates it too")
            continue
        affirmed = None if c.qualifier == "qualified" else _affirmed_occurrence(c.unit, c.context, evidence_index,
                                                                                 evidence_spans)
        if affirmed is not None:
            verdicts[n] = ValueCheck(c, "polarity", affirmed, in_evidence, "the evidence states it without negation")
        else:
            verdicts[n] = ValueCheck(c, "absent", None, False, "not in the source")
    claimed_negations = {c.unit for c in claim if c.kind == "negation"}
    extra: list[ValueCheck] = []
    for e in evidence:
        if e.kind != "negation" or e.unit in claimed_negations or e.qualifier == "qualified":
            continue
        affirmed = _affirmed_occurrence(e.unit, e.context, claim_index, claim_spans)
        if affirmed is None:
            continue
        # the source may state the word un-negated elsewhere in the same context: then nothing is proven
        if _affirmed_occurrence(e.unit, affirmed.context, source, [Span(0, len(source.text))]) is not None:
            continue
        if all(x.value.span != affirmed.span for x in extra):  # one verdict per word of the claim
            extra.append(ValueCheck(affirmed, "polarity", e, in_evidence, "the evidence negates it"))
    for k, check in enumerate(extra):
        verdicts[-1 - k] = check
    return verdicts


def _affirmed_occurrence(head: str, context: tuple[str, ...], index: ValueIndex, spans: Sequence[Span]
                         ) -> Value | None:
    """An occurrence of `head` in `spans` of the indexed text that no negation governs, sharing ≥ 2 context words."""
    tokens = index._tokens
    wanted = set(context) - {head}
    for position in index.lemma_positions.get(head, []):
        start = tokens.starts[position]
        if not any(s.start <= start < s.end for s in spans):
            continue
        negated = False
        k = position - 1
        steps = 0
        while k >= 0 and steps < 12:  # a negation earlier in the clause may govern it ("not found X or Y")
            if tokens.types[k] == SYM and tokens.toks[k] in _CLAUSE_BREAKS:
                break
            low = tokens.lows[k]
            if low in _NEGATION_CUES or low in ("no", "without") or low.endswith(("n't", "n’t")) or \
                    tokens.content[k] in _NEGATIVE_VERBS:  # "refused to cooperate", "rebuffed calls to give"
                negated = True
                break
            k -= 1
            steps += 1
        if negated:
            continue
        raw = _Raw("negation", start, tokens.ends[position], position, position + 1, ("affirmed", head), unit=head,
                   qualifier="affirmed")
        governor, around, _, _ = tokens.context_of(raw)
        if wanted and len(wanted & set(around)) >= min(2, len(wanted)):
            return Value("negation", Span(start, tokens.ends[position]), tokens.toks[position], ("affirmed", head),
                         head, None, None, 0.0, "affirmed", governor, around)
    return None


def compare(claim: list[Value], evidence: list[Value], source: ValueIndex, *, in_evidence: bool = True,
            claim_index: ValueIndex | None = None, claim_spans: Sequence[Span] = (),
            evidence_index: ValueIndex | None = None, evidence_spans: Sequence[Span] = (),
            source_spans: Sequence[Span] | None = None, changes: bool = False,
            context: Sequence[Value] = (), context_text: str = "") -> list[ValueCheck]:
    """Verdicts on pre-extracted claim values against evidence values and the source's index.

    `in_evidence` is recorded on each verdict whose `evidence` value came from `evidence`. The negation checks need
    the token indexes of the claim and evidence texts (`claim_index`, `evidence_index`) and the spans the claim and
    evidence occupy in them; without them negations are only matched or absent. `source_spans` are the parts of the
    source's text that are source (a prompt's pasted passages, not its instructions): a value the evidence does not
    decide is looked for there in its own slot (`_partner_elsewhere`); None: the whole text. With `changes`, a
    figure the claim calls a change is also checked against a "from A to B" of the claim itself
    (`_change_against_range`): the claim's own arithmetic, which an output restating its source should get right.
    """
    # Each evidence value that agrees with a claim value in its slot is taken by it and is nobody's conflict partner:
    # pairs are assigned best slot first, one evidence value to one claim value.
    pairs = sorted((-_agreement_score(c, e), n, k) for n, c in enumerate(claim) for k, e in enumerate(evidence)
                   if family(c) == family(e) and e.kind != "negation" and compatible(c, e)
                   and _agreement_score(c, e) >= 0)
    taken = [False] * len(evidence)
    holder = [False] * len(claim)
    claim_words = claim_index.words_within(claim_spans) if claim_index is not None else \
        frozenset(w for c in claim for w in c.key if isinstance(w, str))
    for _, n, k in pairs:
        if not taken[k] and not holder[n]:
            taken[k] = holder[n] = True
    negation_verdicts: dict[int, ValueCheck] = {}
    if claim_index is not None and evidence_index is not None:
        negation_verdicts = _negation_checks(claim, claim_index, claim_spans, evidence, evidence_index,
                                             evidence_spans, source, in_evidence)
    results: list[ValueCheck] = []
    for n, c in enumerate(claim):
        if n in negation_verdicts:
            results.append(negation_verdicts[n])
            continue
        if c.kind == "negation":
            agreeing = next((s for s in source.by_family.get("negation", []) if compatible(c, s)), None)
            results.append(ValueCheck(c, "matched", agreeing, False, "the source negates it too") if agreeing else
                           ValueCheck(c, "absent", None, False, "not in the source"))
            continue
        if claim_index is not None and family(c) in _NUMERIC_FAMILIES and any(
                w.start <= c.span.end and c.span.start <= w.end for w in claim_index.worked):
            results.append(ValueCheck(c, "matched", None, False, "worked out in the claim itself"))
            continue
        others = [x for x in (*claim, *context) if x is not c and family(x) in _NUMERIC_FAMILIES | {"date", "time"}]
        check = _check_one(c, evidence, taken, source, in_evidence, claim_words, others)
        if check.status in ("absent", "conflict") and _sum_of_the_amounts_before(c, claim):
            check = ValueCheck(c, "matched", None, False, "the sum of the amounts the claim states before it")
        if check.status in ("absent", "conflict") and claim_index is not None and \
                _price_per_batch(c, claim, claim_index.text):
            check = ValueCheck(c, "matched", None, False, "a price per batch times the quantity the claim states")
        if check.status == "absent" and _span_a_total_runs_over(c, claim):
            check = ValueCheck(c, "matched", None, False, "the span the claim totals a figure over")
        if check.status in ("absent", "conflict") and _gap_to_a_claimed_figure(c, claim, source):
            check = ValueCheck(c, "matched", None, False, "the gap between amounts of the claim and the source")
        if check.status in ("absent", "conflict") and family(c) in _NUMERIC_FAMILIES:
            column = _column_figure_approximated(c, source)
            if column is not None:
                check = ValueCheck(c, "matched", column, False, "a figure of the source's column, rounded")
        if check.status in ("absent", "conflict") and claim_index is not None and family(c) in _NUMERIC_FAMILIES:
            limit = _named_limit(c, claim_index.text, source)
            if limit is not None:
                check = ValueCheck(c, "matched", limit, False, "the source states the limit the claim names")
        if check.status == "conflict" and c.kind == "date" and check.evidence is not None and \
                _only_a_weekday_shared(c, check.evidence, source):
            check = ValueCheck(c, "absent", None, False, "a date of something the source does not mention")
        if check.status == "conflict" and c.kind == "ordinal" and check.evidence is not None and any(
                o.kind == "ordinal" and o.key == check.evidence.key for o in claim):
            # "the first bin is £58 and the second £45": the claim names the source's rank as well, for another thing
            check = ValueCheck(c, "absent", None, False, "the claim names the source's rank too")
        elif check.status == "conflict" and c.kind == "ordinal" and check.evidence is not None and \
                check.evidence.kind == "ordinal" and c.key[0] < check.evidence.key[0] and re.search(
                    r"\b(?:a|an|any|each|every)\s+$", source.text[max(0, check.evidence.span.start - 8):
                                                                  check.evidence.span.start], re.IGNORECASE):
            # "the first bin is £64" for "a second bin costs £45": a second one implies a first
            check = ValueCheck(c, "absent", None, False, "a lower rank than one the source adds")
        if check.status in ("conflict", "absent") and source_spans is not None:
            given = next((g for g in source.outside(source_spans, family(c)) if _states(c, g)), None)
            if given is not None:  # "Our platform was available 98.7% of the time": the user's own figure
                check = ValueCheck(c, "matched", given, False, "the prompt states it")
            else:
                scaled = _scaled(c, check, evidence, source.scale_factors(source_spans))
                if scaled is not None:  # "Double this recipe": 4 tbsp for the source's 2 tbsp
                    check = ValueCheck(c, "matched", scaled, in_evidence, "scaled as the prompt asks")
        check = _total_against_rate(check, claim_index, evidence_index, source)
        if check.status == "absent" and c.kind == "weekday" and claim_index is not None and \
                _weekday_span_named(c, claim_index.text, source.text):
            check = ValueCheck(c, "matched", None, False, "the days the source names as weekdays or the weekend")
        # the share may be named in the clause's sentence: "The PCC is paying half, so £320 comes out of the fund"
        if check.status in ("conflict", "absent") and claim_index is not None and claim_spans and \
                _share_in_words(c, context_text or claim_index.text[claim_spans[0].start:claim_spans[0].end],
                                [*evidence, *others], source):
            check = ValueCheck(c, "matched", None, False, "a share the claim names of a stated figure")
        if check.status == "absent" and _rows_total(c, claim, source):
            check = ValueCheck(c, "matched", None, False, "the total of the table rows the claim names")
        if check.status == "absent" and _price_times_stated(c, others, source):
            check = ValueCheck(c, "matched", None, False, "a stated price times a stated count or time")
        if check.status == "conflict" and c.qualifier != "range" and (
                _DIFFERENCE_WORDS & set(c.context) or
                (claim_index is not None and _OVER_OR_UNDER_RE.match(claim_index.text, c.span.end))):
            # "about £116 a year cheaper": a difference between two figures, never the same slot as either; "from
            # £7.50 to £9.50 because of higher costs" states the figures themselves
            check = ValueCheck(c, "absent", None, False, "a difference the source does not state")
        elif check.status == "absent" and family(c) != "entity":
            check = _total_against_rate(_partner_elsewhere(c, source, source_spans) or check, claim_index,
                                        evidence_index, source)
        if check.status == "conflict" and family(c) in _NUMERIC_FAMILIES and claim_index is not None and \
                claim_spans and c.low == c.high and _stated_before(c, claim_index, claim_spans[0].start):
            # "326 miles × 5p" after "326 miles × 45p": the output repeats its own figure, checked where it first
            # stands (a wrong figure is reported there)
            check = ValueCheck(c, "matched", None, False, "the output states it before")
        if check.status == "conflict" and family(c) == "money" and claim_index is not None and claim_spans and \
                _count_times_earlier(c, [*claim, *context], claim_index, claim_spans[0].start):
            # "Three walks a week: £63" after "... so £21" a walk: the claim's own count times the output's figure
            check = ValueCheck(c, "matched", None, False, "the claim's count times a figure the output states before")
        if check.status == "absent" and family(c) in _NUMERIC_FAMILIES and claim_index is not None and claim_spans:
            check = _from_earlier_figures(c, check, claim_index, claim_spans[0].start, others, source)
        if check.status in ("conflict", "absent") and claim_index is not None and claim_spans and \
                _range_ends_total(c, claim_index.within([Span(max(0, claim_spans[0].start - _EARLIER_CHARACTERS),
                                                              claim_spans[0].start)])):
            check = ValueCheck(c, "matched", None, False, "the total of the ranges the output states before it")
        if check.status in ("conflict", "absent") and claim_index is not None and claim_spans and \
                _split_exactly(c, claim_index, claim_spans[0].start, others):
            check = ValueCheck(c, "matched", None, False, "an earlier figure of the output split by the claim's count")
        if check.status in ("conflict", "absent") and _own_figure_and_source_percent(c, others, source):
            # "| Deposit registration | £40.00 | £48.00 |" where the source adds VAT at 20% to every price
            check = ValueCheck(c, "matched", None, False, "a figure of the claim with a percentage the source states")
        if check.status in ("conflict", "absent") and claim_index is not None and claim_spans and \
                _earlier_plus_or_minus(c, claim_index, claim_spans[0].start, [*others, *evidence], source):
            check = ValueCheck(c, "matched", None, False, "an earlier figure of the output plus or minus a stated one")
        if check.status == "conflict" and check.evidence is not None and claim_index is not None and \
                _first_or_last_part(c, check.evidence, claim_index.text):
            check = ValueCheck(c, "matched", None, False, "the first or last part of the source's figure")
        if check.status in ("conflict", "absent") and claim_index is not None and claim_spans and \
                _called_a_total(c, claim_words, claim_index.text) and \
                _total_of_a_run(c, claim_index, claim_spans[0].start, source):
            check = ValueCheck(c, "matched", None, False, "the total of figures listed one after another")
        if check.status == "absent" and c.kind == "date" and _nth_weekday_of_month(c, claim, source):
            # "Wednesday 11 November" for a course "on the second Wednesday of each month" in 2026
            check = ValueCheck(c, "matched", None, False, "the day of the month the source's rule names")
        if (check.status == "absent" or (check.status == "conflict" and check.reason == _ELSEWHERE)) and \
                c.kind == "date":  # a deadline against a date of another sentence: worked out, not contradicted
            base = _date_from_period(c, [*claim, *context], source)
            if base is not None:  # "guaranteed for 2 years" from "bought on 12 March 2025": until 12 March 2027
                check = ValueCheck(c, "matched", base, False, "a stated date moved by a stated period")
        elif check.status == "conflict" and c.kind == "date":
            # "From 14 September 2026 ... it's then 24 months old" for a fee paid on 14 September 2024: the source's
            # date moved by the claim's own period (a changed period is reported where the claim states it)
            base = _date_from_period(c, [*claim, *context], source, claim_periods_only=True)
            if base is not None:
                check = ValueCheck(c, "matched", base, False, "a stated date moved by the claim's period")
        if check.status == "absent" and c.kind == "weekday":
            base = _weekday_from_period(c, [*claim, *context], source)
            if base is not None:  # "stop 5 days before the appointment (Tuesday 13 October), so Thursday's dose ..."
                check = ValueCheck(c, "matched", base, False, "a stated date moved by the claim's period")
        if check.status == "absent" and c.kind == "weekday" and claim_index is not None and claim_spans:
            base = _weekday_from_a_weekday(c, [*claim, *context], claim_spans[0].slice(claim_index.text))
            if base is not None:  # "72 hours' notice: for a Wednesday session, by the Sunday before"
                check = ValueCheck(c, "matched", base, False, "a weekday of the claim moved by the claim's period")
        if check.status == "conflict" and c.kind == "date":
            # not for a date the source nowhere states: a wrong last class inside a course's term is still absent
            # a day the claim calls the period's first or last ("the last class is on 1 December") is an end,
            # and contradicts the end the source states
            period = None if _BOUNDARY_WORDS & {*c.context, *c.governor.split()} else _within_stated_period(c, source)
            if period is not None:  # "17 and 18 July are high season" for "High season runs from 17 July to 31 August"
                check = ValueCheck(c, "matched", period, False,
                                   "a day within the period the source states, or next to it")
        if check.status in ("absent", "conflict") and c.kind == "date":
            base = _date_after_stated_period(c, source, claim_words)
            if base is not None:  # "22 Dec 2025" for "22/12/2023" and "renew every 2 years"
                check = ValueCheck(c, "matched", base, False, "a stated date moved by a period the source states")
        if check.status == "absent" and c.kind == "date":
            base = _dated_weekday_near_an_anchor(c, claim, source)
            if base is not None:  # "the Wednesday of your stay is 19 August" after "from Friday 14 August"
                check = ValueCheck(c, "matched", base, False, "the weekday's date by the source's own calendar")
        if check.status in ("absent", "conflict") and c.kind == "date":
            base = _deadline_from_rule(c, [*claim, *context], source)
            if base is not None:  # "cancel by 2 April" for "less than 7 days before" a 9 April dispatch
                check = ValueCheck(c, "matched", base, False, "the deadline a rule of the source sets from its date")
        if check.status == "absent" and c.kind == "time":
            # the output's own earlier times too: "Level 2 is paged at 02:05 ... paged 10 minutes later, at around
            # 02:15" (each earlier time is checked where it stands)
            earlier_times = [v for v in claim_index.within([Span(max(0, claim_spans[0].start - _EARLIER_CHARACTERS),
                                                                  claim_spans[0].start)]) if v.kind == "time"] \
                if claim_index is not None and claim_spans else []
            base = _time_from_period(c, [*claim, *context], source, earlier_times[-_MAX_DERIVATION_VALUES:])
            if base is not None:  # "from 07:52, three hours later" after the source's high water at 04:52
                check = ValueCheck(c, "matched", base, False, "a stated time moved by the claim's period")
        if check.status in ("absent", "conflict") and c.kind == "time":
            base = _time_from_rule(c, source)
            if base is not None:  # "off by 4:30pm" for "off the square 30 minutes before opening" at 5pm
                check = ValueCheck(c, "matched", base, False, "a stated time moved by a period the source states")
        if check.status in ("absent", "conflict") and c.kind == "time":
            base = _end_of_a_stated_duration(c, claim, source)
            if base is not None:  # "from 11:30 to 12:10" for a session "at 11:30" that "lasts 40 minutes"
                check = ValueCheck(c, "matched", base, False, "a stated start moved on by a duration the source states")
        if check.status == "absent" and c.kind == "weekday" and claim_index is not None and claim_spans and any(
                v.kind == "weekday" and v.key == c.key and _calendar_weekday(v, list(claim_index.values), source,
                                                                          claim_index.text) is not None
                for v in claim_index.within([Span(max(0, claim_spans[0].start - _EARLIER_CHARACTERS),
                                                  claim_spans[0].start)])):
            # "Thursday is the big one" after the output's own "Thursday 10 September": the day it named before,
            # with a date the calendar agrees with, checked there
            check = ValueCheck(c, "matched", None, False, "the output names the day before, with its date")
        if check.status in ("absent", "conflict") and c.kind == "weekday":
            # "by Friday 16 May 2025" for the source's "by 16 May 2025": the calendar says so. Against another
            # weekday of the source too ("Wednesday 29 July, 24 hours before" Thursday's drop-off): the weekday is
            # right for its date, and the date is checked on its own
            day = _calendar_weekday(c, claim, source, claim_index.text if claim_index is not None else "")
            if day is not None:
                check = ValueCheck(c, "matched", day, False, "the weekday of the date beside it")
        if check.status == "absent" and c.kind == "weekday" and claim_index is not None and claim_spans:
            day = _weekday_on_a_named_line(c, claim_spans[0].slice(claim_index.text), source)
            if day is not None:  # "SD-4107 happened on a Saturday" for the log's "SD-4107,P1,2026-04-25 06:20"
                check = ValueCheck(c, "matched", day, False, "the weekday of the date the source gives what the "
                                   "claim names")
        if check.status in ("absent", "conflict") and c.kind == "weekday":
            # against another date's weekday too ("by Tuesday 12 January" where the source's today is "Friday 8
            # January 2027"): right for its own date, in one of the years the source's dates span
            day = _weekday_in_a_source_year(c, claim, source, claim_index.text if claim_index is not None else "")
            if day is not None:
                check = ValueCheck(c, "matched", day, False, "the weekday of the date beside it, in a year the "
                                   "source's dates span")
        if check.status in ("matched", "absent") and c.kind == "weekday":
            wrong = _calendar_contradicts(c, claim, source, claim_index.text if claim_index is not None else "")
            if wrong is not None:  # "Friday 18 March" in a notice of 2028, whose 18 March is a Saturday
                date, working = wrong
                check = ValueCheck(c, "conflict", date, True, "the calendar gives the date beside it another weekday",
                                   working=working)
        if check.status == "matched" and c.kind == "weekday":
            stated = _source_weekday_of_the_same_date(c, claim, source, claim_index.text if claim_index else "")
            if stated is not None:  # "Tuesday 9 February" where the notice says "Monday 9 February"
                check = ValueCheck(c, "conflict", stated, False, "the source gives this date another weekday")
        if check.status == "conflict" and c.qualifier in _APPROXIMATE and check.reason != _ELSEWHERE and \
                not check.working and check.evidence is not None and check.evidence.qualifier not in _APPROXIMATE:
            # "about £174 a month" where the source states £78.00 in the sentence: an estimate worked out from
            # figures the output does not show, not a restatement of one; only an estimate of the source ("about
            # 40 minutes"), or a figure of the source's it should have been worked from ("£1,240 for the first year,
            # about £130 a month"), contradicts it
            check = ValueCheck(c, "absent", None, False, "an estimate the source does not state")
            if family(c) in _NUMERIC_FAMILIES and claim_index is not None and claim_spans and \
                    c.low is not None and c.high is not None and math.isfinite(stated_number(c)):
                # "so they save about £54 too. Between you, that's roughly £119": worked from the output's figures,
                # to within a step of the figure as written ("about £95.52" is not 9% of £1,028)
                figure = stated_number(c)
                written = replace(c, qualifier="", low=figure, high=figure, step=2 * c.step)
                if _from_earlier_figures(written, check, claim_index, claim_spans[0].start, others,
                                         source).status == "matched":
                    check = ValueCheck(c, "matched", None, False,
                                       "derived from the figures the output states before it")
        results.append(check)
    if claim_index is not None and claim_spans and evidence_spans and evidence_index is source:
        results = _restated_sentence_conflicts(results, claim, claim_index, claim_spans[0], evidence_spans, source)
    ranges = [r for r in claim if changes and r.qualifier == "range" and family(r) in _NUMERIC_FAMILIES and
              r.low is not None and r.high is not None and math.isfinite(r.low) and math.isfinite(r.high) and
              r.low != r.high]
    if ranges:
        results = [_change_against_range(check, ranges) or check for check in results]
    elif changes and claim_index is not None:
        results = [_change_to_against_source(check, claim, evidence, claim_index.text) or check for check in results]
    results.extend(negation_verdicts[k] for k in sorted(k for k in negation_verdicts if k < 0))
    results.sort(key=lambda check: (check.value.span.start, check.value.span.end))
    return results


# A claim restating one evidence sentence, all but one figure: "Priority delivery within 2 working days would cost an
# extra £35" against "Priority delivery within 2 working days costs £25". Share of the claim's content words the
# sentence must hold, and the fewest shared words; checked on the development halves of the hand-written grounded
# sets (bench/faithfulness_pairs.py --split dev on each): 10 conflicting sentences more found, 1 false alarm more
# (docs/benchmarks.md).
RESTATED_SHARE = 0.6
RESTATED_MIN_WORDS = 3
_RESTATED_FAMILIES = _NUMERIC_FAMILIES


def _content_words(text: str) -> frozenset[str]:
    return frozenset(w for w in content_stems(text) if not any(ch.isdigit() for ch in w))


def _same_kind_of_figure(c: Value, e: Value) -> bool:
    """Two figures that could be two versions of one fact: one family and one unit (a count of the same things, a
    sum in the same currency, a period in compatible units)."""
    fam = family(c)
    if fam != family(e) or e.kind == "negation":
        return False
    if fam == "count":
        return split_rate(c.unit)[0] == split_rate(e.unit)[0]
    if fam == "money":
        return split_rate(c.unit)[0] == split_rate(e.unit)[0]
    if fam in ("duration", "age"):
        return _units_agree(c, _restated(c, e) or e)
    if fam == "percent":
        return c.unit == e.unit
    return False


def _restated_sentence_conflicts(results: list[ValueCheck], claim: Sequence[Value], claim_index: ValueIndex,
                                 claim_span: Span, evidence_spans: Sequence[Span],
                                 source: ValueIndex) -> list[ValueCheck]:
    """Absent figures of a claim that restates one evidence sentence, turned into conflicts with the one figure of
    that sentence of the same kind and unit that no claim value states."""
    absent = [r for r in results if r.status == "absent" and family(r.value) in _RESTATED_FAMILIES
              and r.value.qualifier not in _APPROXIMATE and r.value.qualifier != "range"]
    if not absent:
        return results
    claim_text = claim_span.slice(claim_index.text)
    if _ARITHMETIC_RE.search(claim_text):
        return results  # a claim working figures out states figures of its own ("48 of the 60 months unused")
    claim_words = _content_words(claim_text)
    if len(claim_words) < RESTATED_MIN_WORDS:
        return results
    best_span, best_shared = None, 0
    for span in evidence_spans:
        shared = len(claim_words & _content_words(span.slice(source.text)))
        if shared > best_shared:
            best_span, best_shared = span, shared
    if best_span is None or best_shared < RESTATED_MIN_WORDS or best_shared < RESTATED_SHARE * len(claim_words):
        return results
    sentence_values = source.within([best_span])
    out = list(results)
    for check in absent:
        c = check.value
        if _DIFFERENCE_WORDS & set(c.context) or _OVER_OR_UNDER_RE.match(claim_index.text, c.span.end):
            continue  # "£156 cheaper than paying daily", "£3,000 over": a difference, not the sentence's figure
        # one bound for another ("up to six" for "up to four"), two plain figures, or a plain figure outside the
        # source's bound ("top speed is 15.5 mph" for "limited to 12.5 mph"); a table's cell of another row is no
        # version of it
        partners = [e for e in sentence_values if _same_kind_of_figure(c, e) and not e.in_table
                    and (e.qualifier == c.qualifier or (not c.qualifier and e.qualifier in _BOUNDS
                                                        and not compatible(c, e)))
                    and not any(_states(x, e) for x in claim if family(x) == family(e))]
        if len(partners) != 1:
            continue
        if sum(1 for r in absent if _same_kind_of_figure(r.value, partners[0])) > 1:
            continue  # two changed figures of one kind: which is which is a guess
        out[out.index(check)] = ValueCheck(c, "conflict", partners[0], True, _RESTATED)
    return out


_RESTATED = "the claim restates this source sentence with another figure"
_BOUNDS = _LOWER_BOUNDS | _UPPER_BOUNDS
_ARITHMETIC_RE = re.compile(r"\d\s*(?:[×✕*÷+=−]|(?<=\s)[x-](?=\s))\s*[£$€]?\d|\d\s*%\s+of\b")


def _shift_date(day: datetime.date, seconds: float, sign: int) -> datetime.date | None:
    """`day` moved by a period of whole days, weeks, months or years (months and years by the calendar)."""
    for unit, months in (("year", 12), ("month", 1)):
        count = seconds / _SECONDS[unit]
        if count >= 1 and abs(count - round(count)) < 1e-9:
            total = day.year * 12 + day.month - 1 + sign * months * round(count)
            year, month = divmod(total, 12)
            try:
                return day.replace(year=year, month=month + 1)
            except ValueError:
                return None  # 31 March + 1 month: no such day to compare
    days = seconds / 86400.0
    if days >= 1 and abs(days - round(days)) < 1e-9:
        try:
            return day + datetime.timedelta(days=sign * round(days))
        except OverflowError:
            return None
    return None


def _base_days(c: Value, claim: Sequence[Value], source: ValueIndex) -> list[tuple[Value, datetime.date]]:
    """The dates of the source and of the claim (other than c) a derived date may be worked from, each with its day
    (in its own year, else in a common year)."""
    days = []
    for base in [d for d in (*source.by_family.get("date", []), *(o for o in claim if o is not c and o.kind == "date"))
                 if d.key[2] is not None and d.key[3] is not None][:_MAX_DERIVATION_VALUES]:
        year = base.key[0] if base.key[0] is not None and base.key[0] == base.key[1] else 2001
        try:
            days.append((base, datetime.date(year, base.key[2], base.key[3])))
        except ValueError:
            continue
    return days


def _date_from_period(c: Value, claim: Sequence[Value], source: ValueIndex, *,
                      claim_periods_only: bool = False) -> Value | None:
    """A date of the source or the claim that a period stated in either (with `claim_periods_only`, in the claim)
    moves, forwards or back, onto claim date c (to the day: "one day late" is an error people make; a month alone to
    its month): the date it was worked out from, or None."""
    _, _, month, day_of_month = c.key
    if month is None:
        return None
    # the period as written: "more than 48 hours before" drop-off on 30 July puts its boundary on 28 July
    periods = {stated_number(p) for p in (*(() if claim_periods_only else source.by_family.get("duration", [])),
                                          *(o for o in claim if family(o) == "duration"))
               if p.low is not None and p.high is not None and math.isfinite(stated_number(p))}
    # the last day of a term of months or years runs to the day before its anniversary: a 12-month term from
    # 1 October 2026 "runs to 30 September 2027"
    inclusive_end = bool(_TERM_END_WORDS & {*c.context, *c.governor.split()})
    for base, start in _base_days(c, claim, source):
        for seconds in sorted(periods)[:_MAX_DERIVATION_VALUES]:
            for sign in (1, -1):
                moved = _shift_date(start, seconds, sign)
                ends = [moved] if moved is None or not (inclusive_end and sign == 1 and seconds >= _MONTH_SECONDS) \
                    else [moved, moved - datetime.timedelta(days=1)]
                for end in ends:
                    # a month alone ("until early September") is the month the period ends in
                    if end is not None and end.month == month and day_of_month in (None, end.day) and (
                            c.key[0] is None or base.key[0] is None or c.key[0] <= end.year <= c.key[1]):
                        return base
    return None


_TERM_END_WORDS = frozenset(lemma(w) for w in ("run", "runs", "end", "ends", "until", "till", "expire", "expires",
                                                "through", "finish", "finishes"))
_MONTH_SECONDS = 28 * 86400


def _weekday_from_period(c: Value, claim: Sequence[Value], source: ValueIndex) -> Value | None:
    """A dated day of the source (its year known, so its weekday is the calendar's) that a period the claim states
    moves onto weekday c ("48 hours before" the 8:30am appointment on Tuesday 13 October is Sunday): the date, or
    None. Only the claim's own periods: with the source's too, some period would reach any weekday."""
    periods = {stated_number(p) for p in claim if family(p) == "duration" and p.low is not None and
               p.high is not None and math.isfinite(stated_number(p))}
    if not periods:
        return None
    dated = [d for d in source.by_family.get("date", []) if d.key[0] is not None and d.key[0] == d.key[1] and
             d.key[2] is not None and d.key[3] is not None][:_MAX_DERIVATION_VALUES]
    for base in dated:
        try:
            start = datetime.date(base.key[0], base.key[2], base.key[3])
        except ValueError:
            continue
        for seconds in sorted(periods)[:_MAX_DERIVATION_VALUES]:
            for sign in (1, -1):
                moved = _shift_date(start, seconds, sign)
                if moved is not None and moved.weekday() == c.key[0]:
                    return base
    return None


_BEFORE_WORDS_RE = re.compile(r"\b(?:before|earlier|prior|beforehand|ahead|notice)\b", re.IGNORECASE)
_AFTER_WORDS_RE = re.compile(r"\b(?:after|later|afterwards|on\s+from)\b", re.IGNORECASE)
_MAX_DAYS_MOVED = 14


def _weekday_from_a_weekday(c: Value, claim: Sequence[Value], text: str) -> Value | None:
    """Another weekday of the claim that a whole number of days the claim states moves onto weekday c ("give 72
    hours' notice: for a Wednesday session, by the Sunday before"), in the direction the claim's words give (both
    when they give none): that weekday, or None."""
    days = {round(stated_number(p) / 86400) for p in claim if family(p) == "duration" and p.low is not None and
            p.high is not None and math.isfinite(stated_number(p)) and stated_number(p) % 86400 == 0 and
            0 < stated_number(p) <= _MAX_DAYS_MOVED * 86400}
    before, after = _BEFORE_WORDS_RE.search(text) is not None, _AFTER_WORDS_RE.search(text) is not None
    signs = (-1,) if before and not after else (1,) if after and not before else (1, -1)
    for base in claim:
        if base.kind != "weekday" or base is c or base.key == c.key:
            continue
        if any((base.key[0] + sign * n) % 7 == c.key[0] for n in days for sign in signs):
            return base
    return None


# "Monday to Friday" is what "weekdays" says, "Saturday and Sunday" what "weekends" says.
_WEEKDAY_SPANS = (
    (re.compile(r"\bmon(?:day)?\s*(?:to|-|–|—|through|thru|until|till)\s*fri(?:day)?\b", re.IGNORECASE),
     re.compile(r"\b(?:week\s*days?|working\s+days?|business\s+days?|mon(?:day)?\s*(?:to|-|–|—|through)\s*"
                r"fri(?:day)?)\b", re.IGNORECASE)),
    (re.compile(r"\bsat(?:urday)?s?\s*(?:and|&|to|-|–|—|or)\s*sun(?:day)?s?\b", re.IGNORECASE),
     re.compile(r"\bweek-?ends?\b", re.IGNORECASE)),
)


def _only_a_weekday_shared(c: Value, e: Value, source: ValueIndex) -> bool:
    """Dates c and e share nothing but a weekday, and c's other words are none of e's sentence's: "Monday 4
    May is a bank holiday" is no other version of "... take Biscuit and Moss from Monday 13 April", while "The demo
    is on Friday 14 March" is one of "Demo: Friday 21 March"."""
    shared = set(c.context) & set(e.context) - _SLOTLESS_WORDS
    if not shared or not shared <= _WEEKDAY_WORDS or (c.governor and c.governor == e.governor):
        return False
    own = [w for w in c.context if w not in _WEEKDAY_WORDS and len(w) >= 3]
    text = source.text
    start = max(text.rfind("\n", 0, e.span.start), *(text.rfind(f"{p} ", 0, e.span.start) for p in ".!?")) + 1
    ends = [k for k in (text.find("\n", e.span.end), *(text.find(f"{p} ", e.span.end) for p in ".!?")) if k != -1]
    end = min(ends, default=len(text))
    sentence = {lemma(_normal_word(m.group())) for m in _NAME_WORD_RE.finditer(text, start, end)}
    return bool(own) and not any(w in sentence for w in own)


_NTH_WEEKDAY_RE = re.compile(r"\b(?P<nth>first|second|third|fourth|last|1st|2nd|3rd|4th)\s+(?P<day>monday|tuesday|"
                             r"wednesday|thursday|friday|saturday|sunday)\s+(?:of|in)\s+(?:each|every|the|a)\s+month\b",
                             re.IGNORECASE)
_NTH = {"first": 1, "1st": 1, "second": 2, "2nd": 2, "third": 3, "3rd": 3, "fourth": 4, "4th": 4, "last": -1}
_WEEKDAY_NUMBERS = {d: i for i, d in enumerate(("monday", "tuesday", "wednesday", "thursday", "friday", "saturday",
                                                "sunday"))}


def _nth_weekday_of_month(c: Value, claim: Sequence[Value], source: ValueIndex) -> bool:
    """Date c, written with the weekday a rule of the source names ("Wednesday 11 November" for "the second Wednesday
    of each month"), is that day of its month in c's year, or in a year the source's dates state."""
    if len(c.key) != 4 or c.key[2] is None or c.key[3] is None:
        return False
    written = next((w for w in claim if w.kind == "weekday" and 0 <= c.span.start - w.span.end <= 2), None)
    if written is None:
        return False
    years = {c.key[0]} if c.key[0] is not None and c.key[0] == c.key[1] else \
        {d.key[0] for d in source.by_family.get("date", []) if d.key[0] is not None and d.key[0] == d.key[1]}
    for m in _NTH_WEEKDAY_RE.finditer(source.text):
        nth, weekday = _NTH[m.group("nth").lower()], _WEEKDAY_NUMBERS[m.group("day").lower()]
        if written.key != (weekday,):
            continue
        for year in sorted(years)[:_MAX_DERIVATION_VALUES]:
            days = [d for d in range(1, 32) if _valid_day(year, c.key[2], d) and
                    datetime.date(year, c.key[2], d).weekday() == weekday]
            if len(days) >= 4 and days[nth - 1 if nth > 0 else -1] == c.key[3]:
                return True
    return False


def _valid_day(year: int, month: int, day: int) -> bool:
    try:
        datetime.date(year, month, day)
    except ValueError:
        return False
    return True


def _count_times_earlier(c: Value, claim: Sequence[Value], claim_index: ValueIndex, start: int) -> bool:
    """Amount c is a count of the claim (2 to 100) times an amount of c's currency the output states in the lines
    before it, exactly (to c's step): "Three walks a week: £63" after "... so £21" a walk. Only a product with the
    claim's own count, so that no sum of two of the many earlier figures happens to give it."""
    if c.low is None or c.low != c.high or c.qualifier or not math.isfinite(c.low):
        return False
    counts = [o.low for o in claim if o is not c and family(o) == "count" and o.low is not None and o.low == o.high
              and 2 <= o.low <= 100 and o.low == int(o.low)]
    earlier = [v.low for v in claim_index.within([Span(max(0, start - _EARLIER_CHARACTERS), start)])
               if family(v) == "money" and v.unit == c.unit and v.low is not None and v.low == v.high and v.low > 0]
    return any(abs(n * a - c.low) <= c.step / 2 + 1e-9 for n in counts[:_MAX_DERIVATION_VALUES]
               for a in earlier[-_MAX_DERIVATION_VALUES:])


def _weekday_span_named(c: Value, claim_text: str, source_text: str) -> bool:
    """Weekday c is an end of "Monday to Friday" (or "Saturday and Sunday") in the claim, which the source names as
    its weekdays (or its weekend)."""
    for claimed, named in _WEEKDAY_SPANS:
        for m in claimed.finditer(claim_text, max(0, c.span.start - 25), min(len(claim_text), c.span.end + 25)):
            if m.start() <= c.span.start and c.span.end <= m.end() and named.search(source_text):
                return True
    return False


_MAX_RENEWAL_BASES = 80  # source dates a renewal is looked for from: a training matrix or a register is a table
# A period said in one word: "an annual refresher", "checked quarterly" (in months).
_EVERY_WORDS = {"annual": 12, "annually": 12, "yearly": 12, "quarterly": 3, "monthly": 1, "biannual": 6}
_EVERY_WORD_RE = re.compile(r"\b(?:" + "|".join(_EVERY_WORDS) + r")\b", re.IGNORECASE)
# Words of a rule that name no subject: a period's line shares one of these with any claim about renewals.
_RULE_WORDS = frozenset({"renew", "renewal", "renewed", "every", "valid", "years", "months", "year", "month", "after",
                         "from", "until", "expires", "expiry", "annual", "must", "with", "that", "this", "date"})


def _date_after_stated_period(c: Value, source: ValueIndex, claim_words: frozenset[str]) -> Value | None:
    """A full date of the source that a whole number of months or years the source states moves forward onto claim
    date c, to the day and the year ("22/12/2023" and "Safeguarding: renew every 2 years": due on 22 Dec 2025), or
    None. Only whole months and years, forward, with years on both sides, and a period whose line of the source
    shares a word with the claim (the rule for what the claim is about: "| Safeguarding | 22 Dec 2025 |"): a renewal
    or an expiry, never a guess from another thing's rule."""
    if len(c.key) != 4 or c.key[0] is None or c.key[0] != c.key[1] or c.key[2] is None or c.key[3] is None:
        return None
    target = (c.key[0], c.key[2], c.key[3])

    def about_the_claim(span: Span) -> bool:
        start = source.text.rfind("\n", 0, span.start) + 1
        end = source.text.find("\n", span.end)
        line = source.text[start:end if end != -1 else len(source.text)]
        words = {_normal_word(m.group()) for m in _NAME_WORD_RE.finditer(line)}
        return any(len(w) >= 4 and w not in _RULE_WORDS for w in words & claim_words)

    stated = {stated_number(p) for p in source.by_family.get("duration", [])
              if p.low is not None and p.low == p.high and math.isfinite(stated_number(p)) and
              stated_number(p) >= _SECONDS["month"] and about_the_claim(p.span)}
    # "an annual refresher", "checked quarterly": a period said in one word
    stated |= {_SECONDS["month"] * _EVERY_WORDS[m.group().lower()] for m in _EVERY_WORD_RE.finditer(source.text)
               if about_the_claim(Span(m.start(), m.end()))}
    periods = sorted(stated)[:_MAX_DERIVATION_VALUES]
    if not periods:
        return None
    for base in source.by_family.get("date", [])[:_MAX_RENEWAL_BASES]:
        if len(base.key) != 4 or base.key[0] is None or base.key[0] != base.key[1] or None in base.key[2:]:
            continue
        try:
            start = datetime.date(base.key[0], base.key[2], base.key[3])
        except ValueError:
            continue
        for seconds in periods:
            if all(abs(seconds / _SECONDS[u] - round(seconds / _SECONDS[u])) > 1e-9 for u in ("month", "year")):
                continue  # whole months or years only: "30 days" is a deadline, read by the rules above
            moved = _shift_date(start, seconds, 1)
            if moved is not None and (moved.year, moved.month, moved.day) == target:
                return base
    return None


_PERIOD_JOIN_RE = re.compile(r"\s*(?:to|until|till|through|thru|and|-|–|—)\s*", re.IGNORECASE)


def _within_stated_period(c: Value, source: ValueIndex) -> Value | None:
    """The first day of a period the source states from one date to another ("from 17 July to 31 August") that holds
    claim date c (the same year, or no year on either side), or None. The day before the period and the day after
    it count too: they are its edges ("the nights of 12 to 16 July are low season" when high season starts 17 July).
    """
    if len(c.key) != 4 or c.key[2] is None or c.key[3] is None:
        return None
    dates = sorted((d for d in source.by_family.get("date", []) if len(d.key) == 4 and d.key[2] is not None and
                    d.key[3] is not None), key=lambda d: d.span.start)
    day = (c.key[2], c.key[3])
    for first, last in itertools.pairwise(dates):
        if not _PERIOD_JOIN_RE.fullmatch(source.text[first.span.end:last.span.start]):
            continue
        years = {y for y in (c.key[0], first.key[0], last.key[0]) if y}
        start, end = (first.key[2], first.key[3]), (last.key[2], last.key[3])
        # "from 20 December to 3 January" runs over the new year, its years left aside
        inside = (start <= day <= end and len(years) <= 1) if start <= end else (day >= start or day <= end)
        if inside or (len(years) <= 1 and day in (_next_day(start, years, -1), _next_day(end, years, 1))):
            return first
    return None


def _next_day(day: tuple[int, int], years: set[int], sign: int) -> tuple[int, int] | None:
    """(month, day) of the day before (sign -1) or after (+1) a (month, day), in the one year stated (else one that
    is not a leap year), or None for a day the calendar does not have."""
    try:
        moved = datetime.date(next(iter(years), 2001), *day) + datetime.timedelta(days=sign)
    except ValueError:
        return None
    return moved.month, moved.day


def _deadline_from_rule(c: Value, claim: Sequence[Value], source: ValueIndex) -> Value | None:
    """A date of the source or the claim that a rule of the source ("more than 14 days before delivery", "less than 7
    days before a dispatch date", "within 30 days after") moves onto claim date c, in the rule's own direction: the
    last day the rule allows, or the boundary day itself ("more than 14 days before" 24 July is 9 July; exactly 14
    days, 10 July, is the boundary). The date it was worked out from, or None."""
    _, _, month, day_of_month = c.key
    if month is None or day_of_month is None:
        return None
    moves: set[int] = set()
    for p in (*source.by_family.get("duration", []), *(o for o in claim if family(o) == "duration")):
        direction = {"s before": -1, "s after": 1}.get(p.unit)
        if direction is None or p.low is None or p.high is None:
            continue
        days = stated_number(p) / 86400.0
        if days < 1 or abs(days - round(days)) > 1e-9:
            continue
        moves.add(direction * round(days))
        if p.qualifier in _LOWER_BOUNDS:  # "more than 14 days before": the 15th day before is the last one
            moves.add(direction * (round(days) + 1))
    if not moves:
        return None
    for base, start in _base_days(c, claim, source):
        for move in sorted(moves)[:_MAX_DERIVATION_VALUES]:
            moved = start + datetime.timedelta(days=move)
            if (moved.month, moved.day) == (month, day_of_month):
                return base
    return None


def _time_from_period(c: Value, claim: Sequence[Value], source: ValueIndex,
                      earlier: Sequence[Value] = ()) -> Value | None:
    """A time of the source, of the claim or of the output before it (`earlier`) that a period the claim itself
    states ("three hours later", "two hours before that") moves, forwards or back, onto claim time c, to the minute:
    the time it was worked out from."""
    # the period as written: "about 20 minutes away (around 04:55)" works from the 20 minutes it says, and
    # "at least a quarter of an hour before" 10:40 is 10:25 at the latest
    periods = {round(stated_number(p) / 60) for p in claim if family(p) == "duration" and p.low is not None and
               p.high is not None and (p.low == p.high or p.qualifier in ("about", *_LOWER_BOUNDS, *_UPPER_BOUNDS))
               and math.isfinite(stated_number(p)) and 0 < stated_number(p) <= 86400 and stated_number(p) % 60 == 0}
    # both ends of a range: "takes 2 to 3 hours, so ready between 11am and noon" from a 9am drop-off
    periods |= {round(end / 60) for p in claim if family(p) == "duration" and p.qualifier == "range" and
                p.low is not None and p.high is not None for end in (p.low, p.high)
                if 0 < end <= 86400 and end % 60 == 0}
    if not periods:
        return None
    wanted = set(c.key)
    bases = [t for t in (*source.by_family.get("time", []), *claim) if t.kind == "time" and t is not c]
    bases = [*bases[:_MAX_DERIVATION_VALUES], *earlier]
    for base in bases:
        for minutes in base.key:
            if any((minutes + sign * period) % 1440 in wanted for period in periods for sign in (1, -1)):
                return base
    return None


def _time_from_rule(c: Value, source: ValueIndex) -> Value | None:
    """A time of the source that a relative period of the source ("off the square 30 minutes before opening",
    "may return 30 minutes after closing") moves, forwards or back, onto claim time c, to the minute."""
    # the period as written, a bound's figure too: "more than 30 minutes after the end of your slot" (10 to 11am)
    periods = {round(stated_number(p) / 60) for p in source.by_family.get("duration", [])
               if p.unit.startswith("s ") and p.low is not None and p.high is not None and
               (p.low == p.high or p.qualifier in (*_LOWER_BOUNDS, *_UPPER_BOUNDS)) and
               math.isfinite(stated_number(p)) and 0 < stated_number(p) <= 43200 and stated_number(p) % 60 == 0}
    if not periods:
        return None
    wanted = set(c.key)
    for base in [t for t in source.by_family.get("time", []) if t.kind == "time"][:_MAX_DERIVATION_VALUES]:
        if any((minutes + sign * period) % 1440 in wanted for minutes in base.key for period in periods
               for sign in (1, -1)):
            return base
    return None


def _end_of_a_stated_duration(c: Value, claim: Sequence[Value], source: ValueIndex) -> Value | None:
    """A start time the claim names and the source states, which a duration of the source ("at 11:30 and lasts 40
    minutes"), or that duration extended by a percentage of the source ("25% extra time"), takes onto claim time c,
    to the minute: the end of what started then ("from 11:30 to 12:10")."""
    durations = {round(p.low / 60) for p in source.by_family.get("duration", [])
                 if p.unit == "s" and p.low is not None and p.low == p.high and 0 < p.low <= 43200 and p.low % 60 == 0}
    if not durations:
        return None
    # a duration the source extends by a percentage it states ("25% extra time" on a 2-hour paper: 2 h 30), to the
    # whole minute either way
    extensions = [p.low for p in source.by_family.get("percent", []) if p.unit == "%" and p.low is not None and
                  p.low == p.high and 0 < p.low <= 100][:_MAX_MULTIPLIERS]
    durations |= {f(d * (1 + x / 100)) for d in list(durations) for x in extensions for f in (math.floor, math.ceil)}
    stated = {minutes for t in source.by_family.get("time", []) if t.kind == "time" for minutes in t.key}
    wanted = set(c.key)
    for base in [t for t in claim if t.kind == "time" and t is not c][:_MAX_DERIVATION_VALUES]:
        starts = [minutes for minutes in base.key if minutes in stated]
        if any((start + period) % 1440 in wanted for start in starts for period in durations):
            return base
    return None


_DAY_OF_A_RANGE_RE = re.compile(r"\s+(\d{1,2})\s*(?:–|-|—|to|and)\s*(?:[A-Za-z]{3,9}\.?\s+)?\d{1,2}\b")


def _calendar_weekday(c: Value, claim: Sequence[Value], source: ValueIndex, text: str = "") -> Value | None:
    """The date written right beside weekday `c` ("Friday 16 May", "16 May, a Friday", "23 December is a
    Wednesday") when the calendar gives that weekday to it: its own year, else the one year the source's dates name.
    None when no such date is there, or the year is unknown or ambiguous."""
    date, weekday = _weekday_of_date_beside(c, claim, source, text)
    return date if date is not None and weekday is not None and c.key == (weekday,) else None


def _years_of_the_date(date: Value, source: ValueIndex) -> set:
    """The years a claim date may be in: its own, else the year of the same day and month in the source ("16 March
    2026"), else the years of the source's full dates ("23 January 2026", not "Next review: January 2027"), else the
    years of all its dates. Empty when nothing names a year."""
    if date.key[0] is not None:
        return {date.key[0]}
    dates = [d for d in source.by_family.get("date", []) if len(d.key) == 4 and d.key[0] is not None]
    return {d.key[0] for d in dates if (d.key[2], d.key[3]) == (date.key[2], date.key[3])} or \
        {d.key[0] for d in dates if d.key[3] is not None} or {d.key[0] for d in dates}


_FEW_YEARS = 2  # the most years a date without its own year is tried in, when the source spans more than one


_WEEKDAY_NAMES = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
_MONTH_NAMES = ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
                "November", "December")


def written_beside(a: Value, b: Value) -> bool:
    """Two values written next to each other ("Saturday 30 May", "30 May (Saturday)"), at most three characters
    apart."""
    return -3 <= b.span.start - a.span.end <= 3 or -3 <= a.span.start - b.span.end <= 3


def _calendar_contradicts(c: Value, claim: Sequence[Value], source: ValueIndex,
                          text: str = "") -> tuple[Value, str] | None:
    """The date written beside weekday `c` and what the calendar says of it ("18 March 2028 is a Saturday"), when its
    year is its own or the one year of the source's dates and the calendar gives it another weekday. A date without
    its own year near the turn of the year, whose weekday `c` is in the year before or after, is left alone: the
    output may mean that year."""
    date, weekday = _weekday_of_date_beside(c, claim, source, text)
    if date is None or weekday is None or c.key == (weekday,) or not c.key or not written_beside(c, date):
        return None  # only a weekday written right beside its date ("the target, 30 days after 20 August, is a
        # Saturday" dates the target, not 20 August)
    years = _years_of_the_date(date, source)
    if date.key[0] is None:  # a year taken from the source's dates holds only when they all name one year
        years = {d.key[0] for d in source.by_family.get("date", []) if d.key and d.key[0] is not None}
    if len(years) != 1:
        return None
    year, month, day = int(next(iter(years))), int(date.key[2]), int(date.key[3])
    if date.key[0] is None and month in (1, 2, 11, 12):
        for other in (year - 1, year + 1):
            try:
                if datetime.date(other, month, day).weekday() == c.key[0]:
                    return None
            except ValueError:
                continue
    return date, f"{day} {_MONTH_NAMES[month - 1]} {year} is a {_WEEKDAY_NAMES[weekday]}"


def _weekday_in_a_source_year(c: Value, claim: Sequence[Value], source: ValueIndex, text: str = "") -> Value | None:
    """The date written beside weekday `c` when the source's dates span two years and the weekday is the date's in
    one of them ("Mon 4 May" beside a log of 2025-11-04 to 2026-04-02): the year is left open, the weekday holds."""
    date, weekday = _weekday_of_date_beside(c, claim, source, text)
    if date is None or weekday is not None:
        return None
    years = _years_of_the_date(date, source)
    if not 1 < len(years) <= _FEW_YEARS:
        return None
    for year in years:
        try:
            if datetime.date(int(year), int(date.key[2]), int(date.key[3])).weekday() == c.key[0]:
                return date
        except (TypeError, ValueError):
            continue
    return None


_CODE_RE = re.compile(r"\b(?=[A-Za-z0-9-]*\d)(?=[A-Za-z0-9-]*[A-Za-z])[A-Za-z0-9]+(?:-[A-Za-z0-9]+){0,3}\b")


def _weekday_on_a_named_line(c: Value, claim_text: str, source: ValueIndex) -> Value | None:
    """A full date of the source on the line of a reference code the claim names ("SD-4107 happened on a Saturday"
    for the log line "SD-4107,P1,2026-04-25 06:20"), when the calendar makes it weekday `c`: that date, or None."""
    codes = {m.group() for m in _CODE_RE.finditer(claim_text)}
    if not codes:
        return None
    text = source.text
    for d in source.by_family.get("date", []):
        if len(d.key) != 4 or None in (d.key[0], d.key[2], d.key[3]) or d.key[0] != d.key[1]:
            continue
        line = text[text.rfind("\n", 0, d.span.start) + 1:(text.find("\n", d.span.end) + 1 or len(text) + 1) - 1]
        if not codes & {m.group() for m in _CODE_RE.finditer(line)}:
            continue
        try:
            if datetime.date(int(d.key[0]), int(d.key[2]), int(d.key[3])).weekday() == c.key[0]:
                return d
        except (TypeError, ValueError):
            continue
    return None


def _weekday_of_date_beside(c: Value, claim: Sequence[Value], source: ValueIndex,
                            text: str = "") -> tuple[Value | None, int | None]:
    """The date written right beside weekday `c` and the weekday the calendar gives it (`_calendar_weekday`):
    (date, None) when the year is unknown or ambiguous, (None, None) when no date is there."""
    def beside(d: Value) -> bool:
        if text and any(mark in text[min(c.span.end, d.span.end):max(c.span.start, d.span.start)] for mark in "|\n"):
            return False  # a date in the next cell of a table row is another column's
        if 0 <= d.span.start - c.span.end <= 3 or 0 <= c.span.start - d.span.end <= 3:
            return True
        return bool(text) and 0 <= c.span.start - d.span.end <= 20 and \
            _WEEKDAY_OF_DATE_RE.fullmatch(text[d.span.end:c.span.start]) is not None

    # of two dates beside it, the one after ("Thu 5 Feb – Wed 4 Mar 2026": Wednesday is 4 March's)
    candidates = [d for d in claim if d.kind == "date" and len(d.key) == 4 and d.key[2] is not None and
                  d.key[3] is not None and beside(d)]
    date = min(candidates, key=lambda d: (d.span.start < c.span.start, abs(d.span.start - c.span.end)), default=None)
    if date is None and text:
        # "Tue 17 – Sat 21 Mar": the range's first day, in the month its end names (the month before, if later)
        m = _DAY_OF_A_RANGE_RE.match(text, c.span.end)
        end = next((d for d in claim if d.kind == "date" and len(d.key) == 4 and d.key[2] is not None and
                    m is not None and d.span.start <= m.end() <= d.span.end), None) if m else None
        if m and end is not None and end.key[3] is not None:
            day, month = int(m.group(1)), int(end.key[2])
            month = month - 1 if day > int(end.key[3]) else month
            if 1 <= month <= 12:
                date = replace(end, key=(end.key[0], end.key[1], month, day))
    if date is None:
        return None, None
    years = _years_of_the_date(date, source)
    year = next(iter(years)) if len(years) == 1 else None
    if year is None:  # no year anywhere: a weekday the source gives a date of ("Friday 24 July") fixes the calendar
        weekdays = _anchored_weekdays(source, int(date.key[2]), int(date.key[3]))
        return date, (weekdays.pop() if len(weekdays) == 1 else None)
    try:
        return date, datetime.date(int(year), int(date.key[2]), int(date.key[3])).weekday()
    except (TypeError, ValueError):
        return date, None


def _source_weekday_of_the_same_date(c: Value, claim: Sequence[Value], source: ValueIndex,
                                     text: str = "") -> Value | None:
    """The weekday the source writes beside the very date the claim writes beside weekday `c`, when it is another
    one and the calendar agrees with the source ("Tuesday 9 February" against the notice's "Monday 9 February")."""
    date, weekday = _weekday_of_date_beside(c, claim, source, text)
    if date is None or weekday is None or c.key == (weekday,):
        return None
    dates = [d for d in source.by_family.get("date", []) if len(d.key) == 4 and (d.key[2], d.key[3]) ==
             (date.key[2], date.key[3])]
    return next((w for w in source.by_family.get("weekday", []) if w.key == (weekday,) and any(
        0 <= d.span.start - w.span.end <= 3 for d in dates)), None)


def _dated_weekday_near_an_anchor(c: Value, claim: Sequence[Value], source: ValueIndex) -> Value | None:
    """A date the claim gives with its weekday ("the Wednesday of your stay is 19 August"), a weekday the source
    names without a date ("on the Wednesday"), within a week of a date the source gives with its weekday ("from Friday
    14 August"), when the source's calendar makes it that weekday: the anchoring date, or None."""
    _, _, month, day_of_month = c.key
    named = {v.key[0] for v in claim if v.kind == "weekday" and v.key}
    if month is None or day_of_month is None or not named:
        return None
    weekdays = _anchored_weekdays(source, int(month), int(day_of_month))
    if len(weekdays) != 1 or not weekdays <= named:
        return None
    # the source names that weekday without a date ("on the Wednesday"): the claim only dates it
    dates = [d for d in source.by_family.get("date", [])]
    bare = [w for w in source.by_family.get("weekday", []) if w.key == (next(iter(weekdays)),) and not any(
        -3 <= d.span.start - w.span.end <= 3 or -3 <= w.span.start - d.span.end <= 3 for d in dates)]
    if not bare:
        return None
    for base, start in _base_days(c, claim, source):
        try:
            day = datetime.date(start.year, int(month), int(day_of_month))
        except ValueError:
            continue
        if 0 < abs((day - start).days) <= 7:
            return base
    return None


_ANCHOR_YEARS = range(2000, 2041)  # the years a weekday-and-date pair without a year is tried in


def _anchored_weekdays(source: ValueIndex, month: int, day: int) -> set[int]:
    """The weekdays `day` `month` can have in a year where the source's own weekday-and-date pairs hold ("Friday 24
    July" makes 9 July a Thursday, whichever year it is): empty when the source pairs none."""
    pairs = [(w.key[0], d.key[2], d.key[3]) for w in source.by_family.get("weekday", [])
             for d in source.by_family.get("date", [])
             if len(d.key) == 4 and d.key[0] is None and d.key[2] is not None and d.key[3] is not None and
             (0 <= d.span.start - w.span.end <= 3 or 0 <= w.span.start - d.span.end <= 3)]
    if not pairs:
        return set()
    found: set[int] = set()
    for year in _ANCHOR_YEARS:
        try:
            if all(datetime.date(year, int(m), int(dd)).weekday() == wd for wd, m, dd in pairs):
                found.add(datetime.date(year, month, day).weekday())
        except ValueError:
            continue
    return found


_PER_ITEM_RE = re.compile(r"\s*(?:(?:per|each|every|an?)\b|/)\s*"
                          r"(?!(?:ago|later|earlier|before|after|few|lot|bit|little)\b)[^\W\d_]", re.IGNORECASE)


def _per_item(v: Value, text: str) -> bool:
    """An amount stated per thing or per period: "£64.95 a day", "14.2 pence per ordinary share", "£5/night"."""
    return "/" in v.unit or (text[v.span.start:v.span.end] == v.text and
                             _PER_ITEM_RE.match(text, v.span.end, v.span.end + 40) is not None)


def _total_against_rate(check: ValueCheck, claim_index: ValueIndex | None, evidence_index: ValueIndex | None,
                        source: ValueIndex) -> ValueCheck:
    """A conflict of an amount with a price per thing or per period is no conflict: "£649.50" against "£64.95 a
    day", "£177.50" against "14.2 pence per ordinary share" are a total and a rate, whatever words they share."""
    c, partner = check.value, check.evidence
    if check.status != "conflict" or partner is None or family(c) != "money" or claim_index is None:
        return check
    partner_text = (evidence_index.text if evidence_index is not None else None) if check.in_evidence else source.text
    if partner_text is None or not _per_item(partner, partner_text) or _per_item(c, claim_index.text):
        return check
    return ValueCheck(c, "absent", None, False, "not in the source")


def _split_exactly(c: Value, claim_index: ValueIndex, start: int, others: Sequence[Value]) -> bool:
    """c, written to four significant figures or more, is an earlier figure of the output (its family and unit)
    divided by a count the claim states, to c's last digit: "two equal payments of £892.80" after a total of
    £1,785.60. So exact a quotient from so few candidates is no accident, even against a conflict in c's slot."""
    if family(c) not in _NUMERIC_FAMILIES or c.low is None or c.high is None or not c.step or \
            (c.low != c.high and c.qualifier != "about"):
        return False
    n = stated_number(c)  # "about £58.22" for 349.29 / 6: rounded to its last digit, as the word says
    if abs(n) < 1000 * c.step:
        return False
    counts = _multipliers(others)
    if not counts:
        return False
    earlier = [v.low for v in claim_index.within([Span(max(0, start - _EARLIER_CHARACTERS), start)])
               if family(v) == family(c) and v.unit == c.unit and v.low is not None and v.low == v.high]
    return any(abs(x / m - n) <= c.step / 2 + 1e-9 * abs(x) for x in earlier[-_MAX_DERIVATION_VALUES:]
               for m in counts)


def _own_figure_and_source_percent(c: Value, others: Sequence[Value], source: ValueIndex) -> bool:
    """An amount c, written to three significant figures or more, is another amount of the claim times a percentage
    the source states anywhere, or plus or less that share of it, to c's last digit: "£40.00 | £48.00" under "VAT is
    added at 20%"; "£1,050, or £945 for members" where the discount is stated in another paragraph. A product that
    exact is no accident; a round figure could be one, and is left out."""
    if family(c) != "money" or c.low is None or c.low != c.high or not c.step:
        return False
    figure = stated_number(c)
    if not math.isfinite(figure) or abs(figure) < 100 * c.step:
        return False
    base = split_rate(c.unit)[0]
    amounts = [x for o in others if family(o) == "money" and split_rate(o.unit)[0] == base and o.low is not None
               and o.low == o.high for x in _figures(o) if x != figure][:_MAX_DERIVATION_VALUES]
    shares = [v.low / 100 for v in source.by_family.get("percent", []) if v.unit == "%" and v.low is not None and
              v.low == v.high and 0 < v.low < 100][:_MAX_MULTIPLIERS]
    return any(abs(a * f - figure) <= c.step / 2 + 1e-9 * abs(figure) for a in amounts for p in shares
               for f in (p, 1 - p, 1 + p))


def _earlier_plus_or_minus(c: Value, claim_index: ValueIndex, start: int, operands: Sequence[Value],
                           source: ValueIndex) -> bool:
    """c, written to three significant figures or more, is an earlier figure of the output (its family and unit)
    plus or minus a figure of the claim, its evidence or the source, or a count of the claim times one, or a percent
    the claim states of it or off it, to c's last digit: "the balance is £859.00" after a total of £1,009.00 and a
    £150 deposit; "£1,199.00" for two more hours at £95 on £1,009.00. Round figures are left out: a sum that exact
    is no accident only when it has digits to match. A percent of an earlier figure keeps its currency whatever
    period either names, and may be said loosely: "9% of that, so about £92.52 a month" after "£1,028 over"."""
    approximate = c.qualifier == "about"  # "so about £92.52": a share worked out, said loosely
    if family(c) not in ("money", "duration") or c.low is None or (c.low != c.high and not approximate) or \
            not c.step or c.qualifier not in ("", "partial", "about"):  # "the other £190.50": a remainder
        return False
    figure = stated_number(c)
    if not math.isfinite(figure) or abs(figure) < 100 * c.step:
        return False
    before = claim_index.within([Span(max(0, start - _EARLIER_CHARACTERS), start)])
    earlier = [v.low for v in before if family(v) == family(c) and v.unit == c.unit and v.low is not None and
               v.low == v.high and v.low != figure][-_MAX_DERIVATION_VALUES:]
    # a share keeps the currency, whatever period the output names with it: "9% of that, so about £92.52 a month"
    # after "£1,028 over the monthly threshold"
    same_base = [v.low for v in before if family(v) == family(c) and v.low is not None and v.low == v.high and
                 v.low != figure and split_rate(v.unit)[0] == split_rate(c.unit)[0]][-_MAX_DERIVATION_VALUES:]
    if not earlier and not same_base:
        return False
    terms = [x for v in (*operands, *source.by_family.get(family(c), [])) if family(v) == family(c)
             and split_rate(v.unit)[0] == c.unit and v.low is not None and v.low == v.high for x in _figures(v)]
    terms = list(dict.fromkeys(terms))[:_MAX_DERIVATION_VALUES]
    terms += [m * x for m in _multipliers(operands)[:_MAX_MULTIPLIERS] for x in terms if m != 1]
    # a percent the claim states, of an earlier figure or off it: "10% off, which brings it down to £138.60" after
    # £154; "25%, so £63.50" of £254
    shares = [v.low / 100 for v in operands if family(v) == "percent" and v.unit == "%" and v.low is not None and
              v.low == v.high and 0 < v.low < 100][:_MAX_MULTIPLIERS]
    results = [e * f for e in same_base for p in shares for f in (p, 1 - p, 1 + p)]
    # an earlier figure plus or minus a stated one, or taken off it ("the fund stands at £1,215, or £895 once our
    # share of the repair is paid" after the output's £320)
    if any(abs(r - figure) <= c.step / 2 + 1e-9 * abs(r) for r in results):
        return True
    # "about £3,350 back" after "£3,850" and a £500 excess: a sum that exact is no accident, however loosely said
    if any(abs(e + sign * x - figure) <= c.step / 2 + 1e-9 * abs(e) for e in earlier for x in terms if x
           for sign in (1, -1)) or any(abs(x - e - figure) <= c.step / 2 + 1e-9 * abs(x) for e in earlier
                                       for x in terms):
        return True
    if approximate:
        return False
    # two earlier figures of the output, one less the other, for a figure written to four significant figures or
    # more ("the balance of £665.50" after "£865.50 for the two of us" and "£200 to start with"): that exact a
    # difference is no accident
    ordered = sorted(set(earlier))
    return abs(figure) >= 1000 * c.step and any(
        abs(a - b - figure) <= c.step / 2 + 1e-9 * abs(a) for a in ordered for b in ordered if a > b)


_TOTAL_WORDS = frozenset({"total", "totals", "subtotal", "altogether", "together", "overall", "combined", "sum",
                          "grand"})
_MAX_RUN = 12


def _called_a_total(c: Value, claim_words: frozenset[str], text: str) -> bool:
    """The claim, or its line before the figure ("**Total for the week:** £693.90"), calls the figure a total."""
    line = text[text.rfind("\n", 0, c.span.start) + 1:c.span.start].lower()
    return bool(_TOTAL_WORDS & (claim_words | set(re.findall(r"[a-z]+", line)))) or \
        _COMES_TO_RE.search(line) is not None  # "A week comes to £23.70"


_COMES_TO_RE = re.compile(r"\b(?:comes?|came|adds?\s+up|added\s+up|works?\s+out|worked\s+out)\s+(?:to|at)\s*$")


def _runs(values: Sequence[Value], c: Value, text: str) -> list[list[float]]:
    """The figures of c's family and unit (or its unit per a period: "Total: £228.80 a month" over plain amounts)
    among `values`, in text order: one list of the last such figure of each table row (a row's amount, not the rate
    beside it), one of the last such figure of each line outside tables ("- 24 × £24.50 × 2 nights = £1,176.00"),
    and one of all the figures outside tables."""
    rows: dict[int, float] = {}
    lines: dict[int, float] = {}
    loose: list[float] = []
    base = split_rate(c.unit)[0]
    for v in values:
        if v is c or family(v) != family(c) or split_rate(v.unit)[0] != base or v.low is None or \
                v.low != v.high or v.qualifier not in ("", "partial"):
            continue
        line = text.rfind("\n", 0, v.span.start)
        if v.in_table:
            rows[line] = v.low  # a later figure of the row replaces an earlier one
        else:
            lines[line] = v.low
            loose.append(v.low)
    return [list(rows.values())[-_MAX_DERIVATION_VALUES:], list(lines.values())[-_MAX_DERIVATION_VALUES:],
            loose[-_MAX_DERIVATION_VALUES:]]


def _total_of_a_run(c: Value, claim_index: ValueIndex, start: int, source: ValueIndex) -> bool:
    """Amount or duration c, which the claim calls a total and writes to three significant figures or more, is the
    sum of two to twelve figures stated one after another (in one table column, or outside tables), in the output
    before it or in the source, to c's last digit: "**Total for the week: £693.90**" under a table of six amounts,
    "Eligible total: £4,950" for the four costs of the user's budget. A run, not any choice of figures: a sum that
    exact is no accident."""
    if family(c) not in ("money", "duration") or c.low is None or c.low != c.high or not c.step or \
            abs(c.low) < 100 * c.step:
        return False
    earlier = claim_index.within([Span(max(0, start - _EARLIER_CHARACTERS), start)])
    for figures in (*_runs(earlier, c, claim_index.text), *_runs(source.values, c, source.text)):
        for i in range(len(figures)):
            total = figures[i]
            for j in range(i + 1, min(len(figures), i + _MAX_RUN)):
                total += figures[j]
                if abs(total - c.low) <= c.step / 2 + 1e-9 * abs(total):
                    return True
    return False


def _from_earlier_figures(c: Value, check: ValueCheck, claim_index: ValueIndex, start: int, others: Sequence[Value],
                          source: ValueIndex) -> ValueCheck:
    """Absent value c (a claim starting at `start` of the output) matched when the output's figures before it work
    it out, or state it; `check` as it stands otherwise."""
    # "So Netwave is about £32 cheaper" after the output's own totals of £811.76 and £780: arithmetic on
    # figures the output stated before, each of them checked where it stands. Never against a conflict in
    # the figure's own slot: among the dozens of figures an output may state before, some pair adds up to
    # almost anything ("£49 if you both play in the Open" is £12 + £37, and wrong)
    # a duration may be the time between two times or dates the output states ("07:52 ... 15:21 ... just
    # under seven and a half hours")
    operand_families = _NUMERIC_FAMILIES | ({"date", "time"} if family(c) in ("duration", "age") else set())
    earlier = [v for v in claim_index.within([Span(max(0, start - _EARLIER_CHARACTERS), start)])
               if family(v) in operand_families][-_MAX_DERIVATION_VALUES:]
    # the figures of its own line before the clause are the claim's own ("25 days plus the 8 bank holidays,
    # so 33 days"); and on its own figures an output's arithmetic may drop a unit ("31.8 so far, so another
    # 28.2 marks to reach 60"), for a figure with decimals: small whole numbers add up from almost any two
    # others ("six parking spaces" from "2 Mill Street" and "four flats")
    line_start = claim_index.text.rfind("\n", 0, start) + 1
    same_line = [v for v in earlier if v.span.start >= line_start]
    bare = replace(c, unit="") if family(c) == "count" and c.unit and c.step < 1 else c
    # a span from a date the output worked out before to one of the prompt's ("20 March" to the meeting on
    # "Thursday 19 February": just over four weeks)
    days = [*(v for v in earlier if v.kind == "date"),
            *source.by_family.get("date", [])[:_MAX_DERIVATION_VALUES]] if family(c) == "duration" else []
    if earlier and (_derived(c, earlier, [*same_line, *others]) or
                    (bare is not c and _derived(bare, earlier, [*same_line, *others])) or
                    (days and _derived(c, days, products=False))):
        check = ValueCheck(c, "matched", None, False, "derived from the figures the output states before it")
    elif any(family(v) == family(c) and v.low == v.high == c.low == c.high and v.unit == c.unit
             for v in earlier):
        # "so you need at least 56.4" after "28.2 ÷ 0.5 = 56.4": checked there
        check = ValueCheck(c, "matched", None, False, "the output states it before")
    return check


def _stated_before(c: Value, claim_index: ValueIndex, start: int) -> bool:
    """The output states c's figure, of its family and unit, in the text before `start`."""
    earlier = claim_index.within([Span(max(0, start - _EARLIER_CHARACTERS), start)])
    return any(family(v) == family(c) and v.low == v.high == c.low and
               (v.unit == c.unit or (family(c) == "money" and split_rate(v.unit)[0] == split_rate(c.unit)[0]))
               for v in earlier)  # "10 nights × £54" after "£54 a night"


_WEEKDAY_OF_DATE_RE = re.compile(r"\s*(?:,\s*)?(?:is|was|will\s+be|falls\s+on|fell\s+on)?\s*(?:a|an)?\s*",
                                 re.IGNORECASE)
_ACRONYM_RE = re.compile(r"[A-Z]{2,5}s?")
# Abbreviations everyone reads as a common noun of the source, not as a name: "see your GP" for "see your doctor".
_COMMON_ABBREVIATIONS: dict[str, frozenset[str]] = {
    "GP": frozenset({"doctor", "doctors", "practitioner", "surgery"}),
    "HR": frozenset({"personnel", "human"}),
    "A&E": frozenset({"emergency", "casualty"}),
    "ID": frozenset({"identification", "identity", "passport"}),
    "DOB": frozenset({"birth"}),
    "CV": frozenset({"resume", "résumé", "curriculum"}),
    "ETA": frozenset({"arrival", "arrive"}),
    "FAQ": frozenset({"questions"}),
    "ASAP": frozenset({"soon", "immediately", "promptly"}),
    "RSVP": frozenset({"reply", "respond", "confirm"}),
    "WFH": frozenset({"home"}),
    "EV": frozenset({"electric"}),
    "PIN": frozenset({"pin", "passcode"}),
}
_EARLIER_CHARACTERS = 1500  # how far back an output's own figures may be the operands of a figure it derives
_NEIGHBOUR_CHARACTERS = 40
_NAME_AFTER_CHARACTERS = 2  # the name right after the figure: "number four Aljaz Bedene"


def _untaken_name_beside(partner: Value, evidence: list[Value], taken: list[bool], claim_words: frozenset[str],
                         *, after_only: bool) -> bool:
    """Another name of the evidence within a few words of `partner` (right after it, with `after_only`) that no
    claim value accounts for and whose words the claim never uses."""
    for k, e in enumerate(evidence):
        if e is partner or e.kind != "entity" or taken[k] or all(w in claim_words for w in e.key):
            continue
        after = 0 <= e.span.start - partner.span.end <= (_NAME_AFTER_CHARACTERS if after_only else
                                                          _NEIGHBOUR_CHARACTERS)
        before = not after_only and 0 <= partner.span.start - e.span.end <= _NEIGHBOUR_CHARACTERS
        if after or before:
            return True
    return False


def _agreement_score(c: Value, s: Value) -> int:
    """The slot score of an agreeing value, less 2 for a bound or a vague magnitude (they agree with too much)."""
    return slot_score(c, s) - (2 if weak(s) and not _same_direction(c, s) else 0)


def _check_one(c: Value, evidence: list[Value], taken: list[bool], source: ValueIndex, in_evidence: bool,
               claim_words: frozenset[str] = frozenset(), claim_others: Sequence[Value] = ()) -> ValueCheck:
    """The verdict on one claim value: the evidence value filling its slot best decides (module docstring)."""
    fam = family(c)
    if fam != "entity":
        # a value the evidence states outright is never a conflict, whatever slot another value of it seems to fill;
        # a bare number states a count of things ("three points") only in its slot, since "three of her 18 goals"
        # and "with three games to play" leave the counted thing to the words around them
        for e in evidence:
            why = _states(c, e)
            if why and not (fam == "count" and c.unit and not e.unit and slot_score(c, e) < _SAME_SLOT and
                            lemma(c.unit) not in e.column):  # a "Votes" column counts votes
                return ValueCheck(c, "matched", e, True, why)
    if c.qualifier == "range" and c.low is not None and c.high is not None and _ends_stated(c, evidence, source):
        return ValueCheck(c, "matched", None, False, "both ends are in the source")  # "from 412 to 260"
    # the best agreeing value: in the evidence, else in the source, else the bare figure or the name's words
    agree, agree_score, agree_in_evidence, reason = None, -9, False, ""
    for e in evidence:
        why = compatible(c, e)
        if why and (why not in _ROOM_REASONS or slot_score(c, e) >= _SAME_SLOT):
            score = _agreement_score(c, e)
            if score > agree_score:
                agree, agree_score, agree_in_evidence, reason = e, score, True, why
    found = _lookup_source(c, source)
    if found is not None and compatible(c, found) in _ROOM_REASONS and slot_score(c, found) < _SAME_SLOT:
        found = None  # a bound leaves room for many figures: only in c's own slot does it agree
    if found is not None and _agreement_score(c, found) > agree_score:
        agree, agree_score, agree_in_evidence, reason = found, _agreement_score(c, found), False, compatible(c, found)
    if agree is None and fam in _NUMERIC_FAMILIES:
        agree = _number_anywhere(c, source)
        agree_score, reason = -2, "the same figure is in the source"
    if fam == "entity":
        if agree is not None:  # the name is in the source: a swap of two stated names is no proof of anything
            return ValueCheck(c, "matched", agree, agree_in_evidence, "the source names it")
        if all(w in source.words or w in source.acronyms or _DEMONYMS.get(w) in source.words or
               _demonym_stem(w)[:6] in source.word_prefixes for w in c.key):
            return ValueCheck(c, "matched", None, False, "every word of it is in the source")
        if len(c.key) == 1 and _ACRONYM_RE.fullmatch(c.text) and c.key[0] in source.phrase_initials:
            return ValueCheck(c, "matched", None, False, "the initials of words in the source")  # "PR": pull request
        if len(c.key) == 1 and _COMMON_ABBREVIATIONS.get(c.text.upper().rstrip("S"), frozenset()) & source.words:
            return ValueCheck(c, "matched", None, False, "a common abbreviation of a word in the source")  # "GP"
    # the best disagreeing value of the evidence: not taken by another claim value, not a part of a total
    partner, partner_score, partner_distance = None, _SAME_SLOT - 1, INF
    for k, e in enumerate(evidence):
        if taken[k] or e.kind == "negation" or compatible(c, e):
            continue
        if (e.qualifier == "partial") != (c.qualifier == "partial"):
            # "a further 63 pupils" is a part of the total the claim may state, and "two additional bearers" a part
            # of the source's six; "another" of "another" is not
            continue
        score = slot_score(c, e)
        distance = _distance(c, e)  # of two equally good slots (two cells of a row), the nearer figure
        if score > partner_score or (score == partner_score and partner is not None and distance < partner_distance):
            partner, partner_score, partner_distance = e, score, distance
    if partner is not None and fam == "entity" and not _shared_name_words(c, partner) and \
            _untaken_name_beside(partner, evidence, taken, claim_words, after_only=False):
        partner = None  # "signed Australia pace bowler John Hastings": the sentence is about another name
    elif partner is not None and fam != "entity" and not partner.in_table and \
            _untaken_name_beside(partner, evidence, taken, claim_words, after_only=True):
        partner = None  # "British number four Aljaz Bedene": the evidence's figure describes another name
    if partner is not None and " ".join(partner.text.lower().split()) == " ".join(c.text.lower().split()):
        partner = None  # "1" against "1" (1 April, 1 May): a difference nobody can see in the words quoted
    if partner is not None and partner_score > agree_score:
        # a value agreeing precisely in a worse slot asks for a sure slot; a bound, a figure of another kind
        # ("14 remain" for "14 days") or a date stating less than c ("April" for "15 April") agrees too loosely
        required = _SAME_SLOT if agree is None or weak(agree) or _loose_agreement(c, agree) else _STRONG_SLOT
        if partner_score >= required and fam in _NUMERIC_FAMILIES and (
                _derived(c, evidence, claim_others) or _range_ends_total(c, source.by_family.get(fam, []))):
            return ValueCheck(c, "matched", None, False, "derived from the source's figures")
        if partner_score >= required:
            return ValueCheck(c, "conflict", partner, in_evidence, "a different value in the same slot")
    if agree is not None:
        return ValueCheck(c, "matched", agree, agree_in_evidence, reason)
    if fam in _NUMERIC_FAMILIES and _derived_anywhere(c, evidence, claim_others, source):
        return ValueCheck(c, "matched", None, False, "derived from the source's figures")
    written = _written_anywhere(c, source) if fam in _NUMERIC_FAMILIES or c.kind == "date" else None
    if written is not None:
        return ValueCheck(c, "matched", written, False, "the source writes the same figure with its unit")
    bare = _bare_anywhere(c, source)
    if bare is not None:
        return ValueCheck(c, "matched", bare, False, "the source writes the same figure, its unit understood")
    share = _share_anywhere(c, source)
    if share is not None:
        return ValueCheck(c, "matched", share, False, "the source's percentage as a fraction")
    if fam == "money" and c.low == c.high == 0 and _FREE_WORDS & source.words:
        return ValueCheck(c, "matched", None, False, "the source calls it free")  # "€0" for "free under 2"
    limit = _limit_anywhere(c, source)
    if limit is not None:
        return ValueCheck(c, "matched", limit, False, "the source states the same limit")
    if _working_days_as_weeks(c, source):
        return ValueCheck(c, "matched", None, False, "the source's working days as weeks of five")
    counted = _working_days_as_days(c, evidence, source)
    if counted is not None:
        return ValueCheck(c, "conflict", counted, in_evidence, "calendar days where the source counts working days")
    return ValueCheck(c, "absent", None, False, "not in the source")


_WORKING_DAYS_RE = re.compile(r"\b(\d{1,3})\s+(?:working|business)\s+days\b", re.IGNORECASE)


def _working_days_as_weeks(c: Value, source: ValueIndex) -> bool:
    """Whole weeks the source states as working days, five to a week: "up to three weeks" for "allow up to 15
    working days"."""
    if family(c) != "duration" or c.high is None or not math.isfinite(c.high):
        return False
    weeks = stated_number(c) / _SECONDS["week"]
    if weeks != int(weeks) or weeks < 1:
        return False
    return any(int(m.group(1)) == 5 * int(weeks) for m in _WORKING_DAYS_RE.finditer(source.text))


def _working_days_as_days(c: Value, evidence: list[Value], source: ValueIndex) -> Value | None:
    """The evidence's "N working days" when c says N days: "released within 10 days" for "within 10 working days"
    drops the word that makes the wait two weeks, not ten days."""
    if family(c) != "duration" or c.low != c.high or c.low is None or re.search(r"\b(?:working|business)\b", c.text,
                                                                                 re.IGNORECASE):
        return None
    days = stated_number(c) / _SECONDS["day"]
    if days != int(days) or days < 2:
        return None
    for e in evidence:
        m = _WORKING_DAYS_RE.match(source.text, e.span.start)
        if m and int(m.group(1)) == int(days):
            return replace(e, text=m.group(), span=Span(m.start(), m.end()))  # quoted as the source words it
    return None


_PART_WORD_RE = re.compile(r"\b(?:first|last|final|remaining|initial|other)\s+$", re.IGNORECASE)


def _first_or_last_part(c: Value, e: Value, text: str) -> bool:
    """c, a duration or a count written right after "first", "last" or "remaining" ("Fri 8 May, first 6 hrs" of an
    8-hour shift, "the last 2 hours (overtime)"), is less than e's figure of its kind: a part of it, which the claim
    splits off, not a changed figure."""
    if family(c) not in ("duration", "count") or family(e) != family(c) or \
            not _PART_WORD_RE.search(text, max(0, c.span.start - 12), c.span.start):
        return False
    if c.low is None or c.high is None or e.low is None or c.low != c.high or e.low != e.high:
        return False
    return _units_agree(c, e) and 0 < c.low < e.low  # durations are in seconds, so "6 hrs" < "8 hrs" as written


def _written_figure(v: Value) -> float | None:
    """The figure a value writes in digits, before any unit ("about 26 minutes" → 26), or None."""
    m = _LEADING_FIGURE_RE.match(v.text.replace(",", ""))
    return float(m.group(1)) if m else None


_LEADING_FIGURE_RE = re.compile(r"^\D{0,20}?(\d+(?:\.\d+)?)(?!\d)")


def _written_anywhere(c: Value, source: ValueIndex) -> Value | None:
    """A source measure that writes a bare number of the claim as its figure: "1 for the spices, 15 of simmering"
    after "8 minutes for the onion" leaves the unit to be understood, and "15 minutes" states it; "if you're 75 or
    older" leaves the age of "aged 75 or over" understood."""
    if c.kind == "date" and c.text.isdigit():
        figure = float(c.text)  # "min_grant: 2000" reads like a year; "grants of between £2,000 and ..." say not
    elif c.kind != "number" or c.unit or c.low is None or c.high is None or \
            not (c.low == c.high or c.qualifier in _APPROXIMATE or c.qualifier in (*_LOWER_BOUNDS, *_UPPER_BOUNDS)):
        return None
    else:
        figure = stated_number(c)
    for fam in ("duration", "money", "count", "age"):
        if c.qualifier in (*_LOWER_BOUNDS, *_UPPER_BOUNDS) and fam != "age":
            continue  # "over 8" after "children aged 8 and over": an age's bound; a bound of other figures is not
        for e in source.by_family.get(fam, []):
            measure = fam != "count" or (e.kind == "quantity" and e.unit in _PHYSICAL_UNITS)
            ends = (e.low, e.high) if e.qualifier == "range" and fam == "money" else ()
            if measure and (_written_figure(e) == figure or figure in ends):  # "max_grant: 15000"
                return e
    return None


def _share_anywhere(c: Value, source: ValueIndex) -> Value | None:
    """A source percentage written as a fraction: "72 × 0.2" for a component worth 20% of the mark."""
    if c.kind != "number" or c.unit or c.low is None or c.low != c.high or not 0 < c.low < 1:
        return None
    return next((e for e in source.by_family.get("percent", []) if e.unit == "%" and e.low is not None and
                 abs(stated_number(e) - c.low * 100) < 1e-6), None)


_FREE_WORDS = frozenset({"free", "gratis", "complimentary", "gratuit", "gratuite", "gratuito", "kostenlos"})


_LIMIT_NOUN_AFTER_RE = re.compile(r"[\s-]{0,2}(?:limit|cap|ceiling|maximum|max|minimum|threshold|allowance)\b",
                                  re.IGNORECASE)
_LIMIT_NOUN_BEFORE_RE = re.compile(r"\b(?:limit|cap|ceiling|maximum|minimum|threshold)\s+(?:of\s+)?$", re.IGNORECASE)


def _named_limit(c: Value, claim_text: str, source: ValueIndex) -> Value | None:
    """A figure the claim names as a limit ("well within the 15-mile limit", "the £40 cap") and the source states
    as a bound of the same figure ("up to 15 miles from home"): the limit restated, whatever else the evidence says."""
    if c.low is None or c.high is None or c.low != c.high or not (
            _LIMIT_NOUN_AFTER_RE.match(claim_text, c.span.end) or
            _LIMIT_NOUN_BEFORE_RE.search(claim_text, max(0, c.span.start - 20), c.span.start)):
        return None
    figure = stated_number(c)
    return next((e for e in source.by_family.get(family(c), []) if e.qualifier in (*_LOWER_BOUNDS, *_UPPER_BOUNDS)
                 and e.low is not None and e.high is not None and figure in (e.low, e.high) and _units_agree(c, e)),
                None)


def _limit_anywhere(c: Value, source: ValueIndex) -> Value | None:
    """A source figure that states the limit a claim's bound restates, seen from either side: "more than 8 weeks
    late" for "not returned within 8 weeks", "under 18" for "aged 0-17" (whole years: under 18 is 17 at most).
    Which side a limit is seen from is a paraphrase a figure cannot settle, so such a bound is never absent."""
    if c.low is None or c.high is None or c.qualifier not in (*_LOWER_BOUNDS, *_UPPER_BOUNDS):
        return None
    figure = stated_number(c)
    age_group = family(c) == "age"  # "under-5s" for "children under 5"
    families = [family(c)] + (["age"] if c.kind == "number" and not c.unit else []) + (["count"] if age_group else [])
    whole = figure == int(figure) and c.step >= 1
    for fam in families:
        for e in source.by_family.get(fam, []):
            if e.low is None or e.high is None or not ((fam == "age" and family(c) != "age") or
                                                       (fam == "count" and age_group) or _units_agree(c, e)):
                continue
            if fam == "count" and age_group and (e.unit or e.qualifier not in (*_LOWER_BOUNDS, *_UPPER_BOUNDS)):
                continue  # only a bound of a bare figure ("under 5") names an age group's limit
            if fam == "count" and not age_group and not (c.unit and lemma(e.unit) == lemma(c.unit)):
                continue  # a bare figure ("6." of a numbered list) counts nothing a bound could restate
            if figure in (e.low, e.high) or (whole and (
                    (c.qualifier == "fewer than" and e.high == figure - 1) or
                    (c.qualifier == "more than" and e.low == figure + 1))):
                return e
    return None


def _column_figure_approximated(c: Value, source: ValueIndex) -> Value | None:
    """A bare figure of a table column named by the claim's unit that the claim's approximation rounds: "nearly 25
    tonnes" for 24960 in a "gross_kg" column."""
    if c.qualifier not in _APPROXIMATE or not c.unit or c.low is None or c.high is None:
        return None
    fits, _, _ = _derivation_fit(c)
    unit = lemma(c.unit.lower())
    return next((e for e in source.by_family.get("count", []) if e.kind == "number" and not e.unit and e.in_table and
                 unit in e.column and e.low is not None and e.low == e.high and fits(e.low)), None)


def _bare_anywhere(c: Value, source: ValueIndex) -> Value | None:
    """A bare source number stating the figure of the claim's measure: "900 kilos ..., compared with roughly 1,200 in
    a normal year" leaves the unit of "1,200 kg" to be understood."""
    if not c.unit or c.low is None or c.high is None or not (c.low == c.high or c.qualifier in _APPROXIMATE):
        return None
    if c.kind == "duration":
        return _bare_duration_anywhere(c, source)
    figure = stated_number(c)
    return next((e for e in source.by_family.get("count", []) if e.kind == "number" and not e.unit and
                 e.low is not None and e.high is not None and stated_number(e) == figure and not _code_digits(e)),
                None)


_UNIT_WORD_RE = re.compile(r"[^\W\d_]+")


def _bare_duration_anywhere(c: Value, source: ValueIndex) -> Value | None:
    """A bare source number that the words just before it make a duration of the claim's unit: "Your normal hours
    are 37.5 a week" states "37.5 hours". Only the unit's own word, a few words before the figure, names it."""
    figure = _written_figure(c)
    unit_word = next((w for w in _UNIT_WORD_RE.findall(c.text.lower()) if w in _SECONDS), None)
    if figure is None or unit_word is None:
        return None
    unit = _SECONDS[unit_word]
    for e in source.by_family.get("count", []):
        if e.kind != "number" or e.unit or e.low is None or e.low != e.high or e.low != figure or _code_digits(e):
            continue
        before = _UNIT_WORD_RE.findall(source.text[max(0, e.span.start - 40):e.span.start].lower())[-4:]
        if any(_SECONDS.get(w) == unit for w in before):
            return e
    return None


_ELSEWHERE = "a different value in the same slot elsewhere in the source"


def _partner_elsewhere(c: Value, source: ValueIndex, source_spans: Sequence[Span] | None) -> ValueCheck | None:
    """A conflict for a value the source nowhere states, with a source value outside the evidence that surely fills
    its slot (score ≥ `_STRONG_SLOT`: its kind and unit, its governing word and its context), or None.

    A sentence joining three source sentences ("take 1 or 2 tablets up to three times a day, leaving at least 6
    hours between doses") is retrieved by the one it shares most words with; the slot of "6 hours" is in another
    ("Leave at least 4 hours between doses"). Only a sure slot counts, since nothing ties the two sentences but
    the value's own words, and the figure must not be derivable (checked before a value is absent).
    """
    fam = family(c)
    candidates = source.inside(source_spans, fam) if source_spans is not None else source.by_family.get(fam, [])
    best, best_score, best_distance = None, _STRONG_SLOT - 1, INF
    for e in candidates:
        if e.kind == "negation" or compatible(c, e):
            continue
        if e.qualifier == "partial" and c.qualifier != "partial":
            continue
        if " ".join(e.text.lower().split()) == " ".join(c.text.lower().split()):
            continue
        score = slot_score(c, e)
        distance = _distance(c, e)
        if score > best_score or (score == best_score and best is not None and distance < best_distance):
            best, best_score, best_distance = e, score, distance
    if best is None:
        return None
    names = source.inside(source_spans, "entity") if source_spans is not None else source.by_family.get("entity", [])
    if not best.in_table and _untaken_name_beside(best, names, [False] * len(names), frozenset(), after_only=True):
        return None  # the source's figure describes a name right after it, not the claim's subject
    return ValueCheck(c, "conflict", best, False, _ELSEWHERE)


def _scaled(c: Value, check: ValueCheck, evidence: list[Value], factors: tuple[float, ...]) -> Value | None:
    """The source value that c is a multiple of by a factor the prompt asks for: the conflict's partner, or for an
    absent value an evidence value of its family and unit."""
    if not factors or family(c) not in _NUMERIC_FAMILIES or c.low is None or c.high is None or \
            not (c.low == c.high or c.qualifier in _APPROXIMATE):  # "about 3.75 litres" for 1.5 litres × 2.5
        return None
    candidates = [check.evidence] if check.status == "conflict" and check.evidence is not None else \
        [e for e in evidence if family(e) == family(c) and e.unit == c.unit]
    fits, _, _ = _derivation_fit(c)
    for e in candidates:
        if e.low is not None and e.low == e.high and any(fits(k * e.low) for k in factors):
            return e
    return None


# A figure by which something passes or misses a mark: "so you're £3,000 over", "6.2GB over the new limit".
_OVER_OR_UNDER_RE = re.compile(
    r"\s+(?:over|under|short|above|below)(?=\s*(?:[.,;:!?)]|$)|\s+(?:the|your|their|his|her|our|its|my)\s+"
    r"(?:[\w-]+\s+)?(?:limit|cap|allowance|budget|quota|threshold|target|minimum|maximum|requirement)\b)",
    re.IGNORECASE)
_DIFFERENCE_WORDS = frozenset(lemma(w) for w in ("cheaper", "dearer", "costlier", "pricier", "higher", "lower",
                                                 "faster", "slower", "heavier", "lighter", "longer", "shorter"))
# Words that say a figure is the size of a change: "a rise of £1.50", "a drop of 560", "up by 12".
_CHANGE_WORDS = frozenset(lemma(w) for w in (
    "rise", "rises", "rose", "risen", "increase", "increased", "decrease", "decreased", "fall", "fell", "drop",
    "dropped", "cut", "gain", "loss", "jump", "jumped", "climb", "climbed", "decline", "declined", "reduction",
    "reduced", "growth", "grew", "change", "difference", "gap", "saving", "savings", "hike", "uplift"))


def _change_against_range(check: ValueCheck, ranges: Sequence[Value]) -> ValueCheck | None:
    """A figure the claim calls a change, checked against the "from A to B" the same claim states: B − A.

    Only a value the source does not state as such (absent, or matched by some other arithmetic over the source) is
    looked at: the claim's own working is then the plainest reading of where the figure comes from.
    """
    c = check.value
    if not (check.status == "absent" or (check.status == "matched" and check.reason.startswith("derived"))):
        return None
    if c.low is None or c.high is None or c.qualifier in ("range", "vague") or family(c) not in _NUMERIC_FAMILIES:
        return None
    if not _CHANGE_WORDS & {*c.context, *c.governor.split()}:
        return None
    for r in ranges:
        if r is c or family(r) != family(c):
            continue
        if split_rate(r.unit)[0] != split_rate(c.unit)[0] and not (family(c) == "count" and not (r.unit and c.unit)):
            continue  # "from 4,210 to 3,650 members, a drop of 560" counts one thing; "£" and "km" do not
        return _change_verdict(c, r, False, "the change its own range states", "its own range gives another change",
                               f"{r.text} is")
    return None


def _change_verdict(c: Value, r: Value, in_evidence: bool, matched: str, conflict: str,
                    working: str) -> ValueCheck | None:
    """c, a change, against the range r whose ends it joins: matched when c is r's high − low, a conflict showing
    the working ("{working} £25") when c is written precisely enough to contradict it, else None (a rounding)."""
    assert r.low is not None and r.high is not None
    change = r.high - r.low
    fits, _, _ = _derivation_fit(c)
    if fits(change):
        return ValueCheck(c, "matched", r, in_evidence, matched)
    written = _written_figure(c)
    if written is None or not written or abs(stated_number(c) - change) <= max(c.step, 0.1 * abs(change)):
        return None  # a rounding of the change, or a figure too loosely written to contradict it
    scale = stated_number(c) / written  # canonical units per written unit ("2 hours": 3,600)
    shown = change / scale
    places = re.search(r"\d\.(\d{1,2})", c.text)
    decimals = len(places.group(1)) if places else 0 if shown == round(shown) else 2
    figure = f"{shown:,.{decimals}f}"
    written_as = _LEADING_FIGURE_RE.match(c.text.replace(",", ""))
    assert written_as is not None  # _written_figure found it
    expected = written_as.group()[: written_as.start(1)] + figure + c.text.replace(",", "")[written_as.end():]
    return ValueCheck(c, "conflict", r, in_evidence, conflict, working=f"{working} {expected}")


_BY_THEN_TO_RE = re.compile(r"[ \t]*,?[ \t]*(?:to|up to)[ \t]+$")


def _change_to_against_source(check: ValueCheck, claim: Sequence[Value], evidence: Sequence[Value],
                              claim_text: str) -> ValueCheck | None:
    """"goes up by £35, to £210": a change and its result, checked against the source's "from £185 to £210".

    The change (a value right after "by") is looked at only when the source does not state it as such; the result
    (the value right after it, past ", to") must be an end of a "from A to B" of the evidence in the same unit, and
    the change must then be B − A. The working is shown, since the source states neither figure as the change."""
    c = check.value
    if check.status not in ("absent", "matched") or (check.status == "matched" and check.reason.startswith("same")):
        return None
    if c.low is None or c.high is None or c.low != c.high or family(c) not in _NUMERIC_FAMILIES or \
            not claim_text[max(0, c.span.start - 4):c.span.start].rstrip().lower().endswith("by"):
        return None
    after = next((v for v in claim if v.span.start >= c.span.end), None)
    if after is None or family(after) != family(c) or after.low != after.high or after.low is None or \
            not _BY_THEN_TO_RE.match(claim_text[c.span.end:after.span.start] + " "):
        return None
    for r in evidence:
        if r.qualifier != "range" or family(r) != family(c) or r.low is None or r.high is None or \
                split_rate(r.unit)[0] != split_rate(c.unit)[0] or after.low not in (r.low, r.high):
            continue
        return _change_verdict(c, r, True, "the change the source's range gives",
                               "the source's range gives another change", f"{r.text} in the source is")
    return None


# Agreements that only leave room for the claim's value ("up to 16 hours" holds 10 hours): no proof it is stated.
_ROOM_REASONS = frozenset({"within the source's bound", "within the stated bound", "overlapping bounds",
                           "within the source's range", "within the stated range"})


def _loose_agreement(c: Value, agree: Value) -> bool:
    """The agreeing value shares c's figure or some of its date but not what it is: a figure of another family
    ("14 remain" for "14 days"), or a date without c's day or month."""
    if family(agree) != family(c):
        return True
    return family(c) == "date" and not _states(c, agree)


def _ends_stated(c: Value, evidence: list[Value], source: ValueIndex) -> bool:
    """Both ends of the range c are figures the evidence or the source states ("fell from 412 in July to 260")."""
    assert c.low is not None and c.high is not None
    for end in (c.low, c.high):
        point = replace(c, low=end, high=end, key=(end, end), qualifier="")
        found = next((e for e in evidence if _states(point, e)), None) or _lookup_source(point, source)
        if found is None or compatible(point, found) in _ROOM_REASONS:
            return False
    return True


def _distance(c: Value, e: Value) -> float:
    """How far apart two figures are, as the log of their ratio; for dates, the parts both state that differ (INF
    for values without figures)."""
    if c.kind == "date" and e.kind == "date":
        return float(sum(a is not None and b is not None and a != b for a, b in zip(c.key, e.key, strict=True)))
    if c.low is None or e.low is None or not (math.isfinite(c.low) and math.isfinite(e.low)) or c.low <= 0 or \
            e.low <= 0:
        return INF
    return abs(math.log(c.low / e.low))


def _states(c: Value, e: Value) -> str:
    """Why e states c outright, or "": compatible, and not merely by a bound's, a range's or a partial date's room
    (a range states its two ends; "April" does not state "15 April", "3 March 2024" states "2024")."""
    why = compatible(c, e)
    if not why:
        return ""
    if why in _ROOM_REASONS:
        if e.qualifier == "range" and c.low == c.high and c.low in (e.low, e.high):
            return "an end of the source's range"
        if c.low == c.high and e.qualifier in (*_LOWER_BOUNDS, *_UPPER_BOUNDS) and c.low == stated_number(e):
            return "the source's figure, without its bound"  # "the recommended 150 minutes" for "at least 150"
        return ""
    if family(c) == "date":
        c_lo, _, c_month, c_day = c.key
        e_lo, _, e_month, e_day = e.key
        if (c_lo is not None and e_lo is None) or (c_month is not None and e_month is None) or \
                (c_day is not None and e_day is None):
            return ""
    return why


def check_values(claim: str, evidence: str | Sequence[Span], source: str, *,
                 claim_span: Span | None = None, source_spans: Sequence[Span] | None = None,
                 changes: bool = False, context_span: Span | None = None) -> list[ValueCheck]:
    """Verdicts on the values of a claim against its evidence and the whole source.

    `claim` is the text holding the claim and `claim_span` the claim's span in it (None: all of it), so an output
    is extracted once and its sentences checked one by one. `evidence` is the evidence text, or spans of `source`
    (the source sentences the claim was drawn from): then conflicting values point into `source`. Claim values'
    spans point into `claim`. Extractions are cached per text. `context_span`
    (a clause's whole sentence) lends its other figures to the clause's derivations ("arrive 20 minutes early, so
    be there by 2:20pm": the clause "be there by 2:20pm" is worked from the sentence's 20 minutes).
    """
    claim_index = index_values(claim)
    claim_spans = [claim_span or Span(0, len(claim))]
    claim_values = claim_index.within(claim_spans)
    source_index = index_values(source)
    if isinstance(evidence, str):
        evidence_index = index_values(evidence)
        evidence_spans: list[Span] = [Span(0, len(evidence))]
        evidence_values = evidence_index.values
    else:
        evidence_index = source_index
        evidence_spans = list(evidence)
        evidence_values = source_index.within(evidence_spans)
    context = [v for v in claim_index.within([context_span]) if v not in claim_values] if context_span else []
    checks = compare(list(claim_values), list(evidence_values), source_index, claim_index=claim_index,
                     claim_spans=claim_spans, evidence_index=evidence_index, evidence_spans=evidence_spans,
                     source_spans=source_spans, changes=changes, context=context,
                     context_text=context_span.slice(claim) if context_span else "")
    return checks + identifier_conflicts(claim, claim_spans[0], source)


# A reference code: letters, then digits, with an optional separator ("HP-44721", "INV/2031", "BA2490", "A380").
_REFERENCE_CODE_RE = re.compile(r"(?<![\w/-])([A-Za-z]{1,4})([-/]?)(\d{3,12})(?![\w/-]|[.,]\d)")
_MAX_CODE_DIGITS_CHANGED = 2


def _reference_codes(text: str, span: Span) -> list[re.Match[str]]:
    return [m for m in _REFERENCE_CODE_RE.finditer(text, span.start, span.end) if any(ch.isupper() for ch in m[1])]


def identifier_conflicts(claim: str, claim_span: Span, source: str) -> list[ValueCheck]:
    """Reference codes of the claim that the source nowhere writes, where the source writes exactly one code of the
    same letters and length that differs from it in one or two digits: "certification number HP-47721" for the
    letter's "HP-44721" (a digit changed or two swapped in copying). Identifiers are no values to compare otherwise
    (the module docstring): a code the source does not have, with no such near twin, is left alone."""
    found: list[ValueCheck] = []
    source_codes = {m[0]: m for m in _reference_codes(source, Span(0, len(source)))}
    for m in _reference_codes(claim, claim_span):
        if m[0] in source_codes:
            continue
        twins = [s for code, s in source_codes.items()
                 if s[1].upper() == m[1].upper() and len(s[3]) == len(m[3]) and
                 0 < sum(a != b for a, b in zip(s[3], m[3], strict=True)) <= _MAX_CODE_DIGITS_CHANGED]
        if len(twins) != 1 or len(m[3]) < 4:
            continue
        twin = twins[0]
        claim_value = Value("entity", Span(m.start(), m.end()), m[0], (m[0].upper(),))
        source_value = Value("entity", Span(twin.start(), twin.end()), twin[0], (twin[0].upper(),))
        found.append(ValueCheck(claim_value, "conflict", source_value, False,
                                "a reference code the source writes with other digits"))
    return found
