"""Meaning-safe verdicts (issue 10): flipped paraphrases, true paraphrases, cut/bracketed/merged quotes.

Every table goes through the public API ``Verifier().verify(quotes, sources)`` with the default
configuration (semantic stage on, as shipped). The expected verdicts follow the issue's
"Definitions": a load-bearing change of a real passage is ``altered`` (``unsupported`` is also a
rejection and is accepted where the issue allows both); an invented name, title, defined term or
clause is ``unsupported``; a paraphrase may drop information but may not add or change it.

Span expectations are written as source substrings and turned into offsets with ``str.find``.
The one tolerance is the sentence-final period: a quote that stops before it may or may not take
it into its span (``VerifierConfig.extend_trailing_period``).
"""

from __future__ import annotations

import os
import re

import pytest
from _llm_server import LLMServer, Reply
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from quote_guard import QuoteGuard, QuoteResult, Source, Verdict, Verifier

os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")

PASSED_ON = {Verdict.VERBATIM, Verdict.NEAR_VERBATIM, Verdict.PARAPHRASE}

# --------------------------------------------------------------------------- source passages

LEASE = (
    "1. Term. The term of this Lease shall commence on March 1, 2024 and end on February 28, 2027. "
    "2. Rent. The Tenant shall pay monthly rent of $2,400 on the first day of each month. "
    "3. Assignment. The Tenant shall not assign this Lease or sublet the Premises without the prior written "
    "consent of the Landlord, which consent shall not be unreasonably withheld. "
    "4. Deposit. The security deposit shall be returned in full within thirty (30) days after the end of the "
    "term, except where the Tenant is in breach of this Lease. "
    "5. Entry. The Landlord may enter the Premises only after giving the Tenant at least 24 hours' written notice."
)
LEASE_B = (
    "The landlord is not permitted to terminate this lease before the end of the term. "
    "The deposit shall be returned in full except where the tenant is in breach. "
    "The tenant shall recieve a copy of the inventory. "
    "The Tenant shall maintain the garden, and he shall not remove any trees. "
    "Rent is due monthly on the fifth day."
)
LICENSE = (
    "Licensor hereby grants to Licensee a non-exclusive, non-transferable license to use the Software in the "
    "Territory. Licensee shall pay Licensor a royalty of 5% of Net Sales within forty-five (45) days after the "
    "end of each calendar quarter. Licensee may not sublicense the Software to any third party. Either party may "
    "terminate this Agreement upon sixty (60) days' written notice if the other party materially breaches this "
    "Agreement and fails to cure such breach. All improvements made by Licensee shall be owned by Licensor. "
    "This Agreement shall be governed by the laws of the State of Delaware."
)
NDA = (
    "The Receiving Party shall hold all Confidential Information in strict confidence and shall not disclose it "
    "to any third party. The obligations in this Section do not apply to information that is or becomes publicly "
    "available through no fault of the Receiving Party. The Receiving Party may disclose Confidential Information "
    "to its employees who need to know it, provided that such employees are bound by written confidentiality "
    "obligations. These obligations shall survive for a period of three (3) years after termination of this "
    "Agreement."
)
EMPLOY = (
    "The Employee shall devote his full business time to the Company. The Company shall pay the Employee an "
    "annual base salary of $180,000, payable in equal semi-monthly installments. The Employee is entitled to "
    "twenty (20) days of paid vacation per calendar year. The Company may terminate the Employee's employment for "
    "Cause at any time without notice. Upon a termination without Cause, the Company shall pay the Employee "
    "severance equal to six (6) months of base salary."
)
FIN_1 = (
    "Revenue increased by 12% to $4.1 billion in 2023, driven by higher subscription sales in North America. "
    "Operating margin declined to 18.5% from 21.0% a year earlier. The company repurchased 3.2 million shares "
    "for $410 million during the fourth quarter. Net income attributable to shareholders was $612 million, or "
    "$2.31 per diluted share. The board approved a quarterly dividend of $0.45 per share, payable on March 15, 2024."
)
FIN_2 = (
    "Gross profit decreased by $14.2 million, primarily due to lower volumes in the Industrial segment. "
    "Selling, general and administrative expenses were flat compared with the prior year. The Group's net debt "
    "stood at £1.8 billion at 31 December 2022, below the covenant limit of £2.5 billion. Capital expenditure is "
    "expected to be between $300 million and $350 million in fiscal 2024. Foreign exchange movements reduced "
    "reported sales by 3 percentage points."
)
FIN_3 = (
    "Forty percent of revenue came from overseas markets. Domestic sales grew 40 percent in the same period. "
    "Customers don't need to register before ordering. The company said it's reviewing its pricing."
)
NEWS_1 = (
    "The city council voted 7-2 on Tuesday to approve the new transit plan. The plan adds 14 bus routes and "
    "extends light-rail service to the airport by 2028. Mayor Linda Ortiz said she would sign the measure this "
    "week. Opponents argued that the $1.2 billion cost would require a sales tax increase. The council rejected "
    "an amendment that would have delayed the vote until after the November election."
)
NEWS_2 = (
    "Acme Corp. agreed to buy Beta Systems for $3.5 billion in cash, the companies announced on Monday. Beta "
    "shareholders will receive $42 per share, a 28% premium over Friday's closing price. The deal is expected to "
    "close in the second half of the year, subject to regulatory approval. Acme said it plans to keep Beta's "
    "headquarters in Austin and retain all of its 2,100 employees. Shares of Beta rose 24% in early trading, "
    "while Acme fell 3%."
)
NEWS_3 = (
    "The Broncos defeated the Panthers 24–10 to earn their third Super Bowl title. Von Miller was named Super "
    "Bowl MVP. The game was played on February 7, 2016, at Levi's Stadium in Santa Clara, California. "
    "Attendance was 71,088."
)
SCI_1 = (
    "In the randomized trial, the new drug reduced the risk of stroke by 25% compared with placebo. In the "
    "low-risk subgroup, however, the reduction was not statistically significant. Patients received 10 mg daily "
    "for 12 months. Serious adverse events occurred in 4.1% of the treated group and 3.9% of the placebo group. "
    "The authors concluded that the drug is effective in high-risk patients but that further studies are needed."
)
SCI_2 = (
    "Water boils at 100 °C at sea level, and at lower temperatures at higher altitudes. The enzyme activity "
    "increased tenfold when the temperature rose from 20 °C to 37 °C. Atmospheric CO₂ concentrations have risen "
    "from about 280 ppm before the industrial era to over 410 ppm today. The bacterium cannot survive without "
    "oxygen. The sample was diluted by a factor of 10⁶ before counting. The sun is a star. The Moon is a natural "
    "satellite of the Earth."
)
SCI_3 = (
    "Retrieval-augmented generation (RAG) reduces hallucinations in question answering. Protein X functions as "
    "a transcription factor in liver cells. The treaty was signed in 1648,[3] ending the Thirty Years' War. It "
    "redrew the map of central Europe.[4] Its population grew to 2.1 million¹ by 1900, making it the largest "
    "city in the region."
)
SCI_4 = (
    "In the cohort study, heavy coffee consumption was associated with a lower risk of liver disease. The "
    "results suggest that moderate exercise may improve sleep quality in older adults. Preliminary data from the "
    "second cohort point the same way."
)
DISTRIB = (
    "16. Exclusivity. The Distributor shall be the exclusive distributor of the Products in the Territory. "
    "17. Term. This Agreement shall remain in force for five (5) years."
)
FIN_4 = (
    "Net revenue for fiscal 2023 was $4.1 billion, an increase of 12% compared with fiscal 2022, driven primarily "
    "by higher subscription volumes. Operating margin declined to 18.4% from 21.0% in the prior year, reflecting "
    "increased research and development spending."
)
CAP = (
    "13. Limitation of Liability. The Supplier's total liability under this Agreement shall not exceed the fees "
    "paid in the twelve (12) months preceding the claim."
)
REPORT = (
    "The committee found that the new dispatch system improved response times across the county. Ambulances "
    "reached rural addresses faster than in the previous year."
)
SIGNS = (
    "The net position changed by -500 units over the period. The model is valid only for x ≤ 5. The difference "
    "was significant (p < 0.05). In this notation a = b holds for every pair. The gauge has a tolerance of "
    "±0.3 mm. Signals travel A → B along the bus."
)
COUNCIL = (
    "The city council voted on Tuesday to delay the stadium project by six months. Council members said the "
    "delay would give engineers time to review the soil reports. The mayor neither supported nor opposed the "
    "motion, and the developer declined to comment."
)
JOINT = (
    "9.2 Joint Developments. Any invention conceived jointly by the parties during the Term shall be owned "
    "jointly, and neither party shall license such invention to a third party without the prior written consent "
    "of the other party. 9.3 Patent Prosecution. The Licensor shall have the first right to file patent "
    "applications for Joint Developments at its own expense."
)
INCIDENT = (
    "Five out of six passengers on the bus were injured by broken glass and taken to hospital. The driver would "
    "not answer questions from reporters at the scene. The airline refused to approve compensation for the "
    "delayed passengers. The seven crew members of the ferry survived. Two of the three runways stayed closed "
    "until noon, and about 1.4 millions travellers were affected over the weekend."
)
TERM = (
    "12.1 Either party may terminate this Agreement upon ninety (90) days' prior written notice to the other party. "
    "12.2 Upon expiration of this Agreement, the Licensee shall return all copies of the Software to the Licensor. "
    "12.3 The Licensee shall carry liability insurance of at least $2,000,000 per occurrence."
)
BUILD = (
    "The city council voted on Tuesday to delay the stadium project by six months. The developer, Apex Holdings, "
    "said it expects construction to resume next spring."
)
TRIAL = (
    "In the trial, the vaccine reduced hospitalisation by 60% in adults over 65, but had no measurable effect in "
    "younger adults. The effect was seen in men but not in women."
)
DUTY = (
    "The Supplier shall use commercially reasonable efforts to deliver the Products by the Delivery Date. The "
    "Parties shall be jointly and severally liable for the obligations under Section 4."
)
EARN = (
    "Quarterly earnings of $1.12 per share beat analysts' estimates of $1.05. The company reaffirmed its "
    "full-year revenue guidance of $9.8 billion. The board also authorised a new share buyback of up to "
    "$500 million. The chief executive will step down at the end of the year, the company said."
)
RESULTS = (
    "The company reported a net loss of $45 million for the quarter, compared with a profit of $12 million a year "
    "earlier. Revenue fell 8% to $310 million as demand for its older handsets weakened. The chief financial "
    "officer said the company had enough cash to fund operations through 2026. The company plans to cut about "
    "400 jobs, mostly in its European sales offices, by the end of next year."
)
GRANT = (
    "The Licensor grants the Licensee a perpetual, irrevocable licence to use the Marks in the Territory. Any "
    "assignment made without consent shall be invalid."
)
EXPERT = (
    "The insured's account is consistent with the physical evidence, with one exception: the back door was "
    "unlocked. I found no evidence of an accelerant."
)
FILM = (
    "Home for the Holidays is a 1972 television horror film directed by John Llewellyn Moxey and starring Sally "
    "Field, Eleanor Parker, Julie Harris, Jessica Walter and Walter Brennan."
)
PLANT = (
    "The plant produces paraxylene, a reportedly carcinogenic chemical used in polyester films. Its new manager "
    "joined the company last summer as deputy to Allan Johnston, the former plant director."
)
PLANT_LC = PLANT.lower().replace(",", " ,").replace(".", " .")  # a source in lower case, tokenised (as FaithBench's)
BIO = (
    "Maria Sklodowska was born in Warsaw in 1867 and taught at a boarding school there as a young woman. In 1891 "
    "she moved to France and enrolled at the University of Paris, where she met the physicist Pierre Curie. The "
    "couple shared the 1903 Nobel Prize in Physics with Henri Becquerel."
)
WIND = (
    "While Northwind Turbines supplies the turbines for the offshore farm, Brightline Energy and the Harbour "
    "Authority share the cost of the grid connection. Construction starts in the autumn."
)
PRESS = (
    "The regulator fined the bank $12 million on Monday. \"We accept the findings and have already changed our "
    "procedures,\" said Ana Ruiz, the bank's head of compliance."
)
CLINIC = (
    "The trial enrolled adults with chronic kidney disease who were not on dialysis. The tumour was benign in 14 "
    "of the 16 biopsies. A senior investigator reviewed every adverse event."
)
EXPENSE = (
    "Except as otherwise specifically provided in this Agreement, each of the parties shall pay its own expenses "
    "of performing its obligations under this Agreement. In no event shall either party be liable to the other "
    "for indirect, special or consequential damages."
)
HISTORY = (
    "The first commercially viable process for making liquid nitrogen was independently developed in 1895 by two "
    "engineers, one in Germany and one in Britain. Most European countries have now banned the practice, but it "
    "remains lawful in the United States, where a 1977 court ruling held that it did not violate the constitution. "
    "It is within the power of both the federal government and the state "
    "governments to regulate schools."
)
CITY = (
    "The council approved a $45 million bond for school repairs. The mayor, who had opposed an earlier version, "
    "said he would sign the measure. Construction is expected to begin next spring and to last about two years."
)
OPINION = (
    "In my opinion, the fracture is consistent with a fall from standing height, although a direct blow cannot be "
    "excluded. I have not examined the claimant in person."
)
PAPER = (
    "We did not evaluate models larger than 13B parameters, so our conclusions may not hold at larger scales. "
    "All experiments used greedy decoding."
)
DEFS = ('"Agreement" means this Supply Agreement, including Exhibits A, B, C and D attached hereto and incorporated '
        'herein, as amended from time to time in accordance with Section 20.3.')
COHORT = (
    "Among 1,204 patients followed for a median of 5.2 years, high adherence to the diet was associated with a 28% "
    "lower risk of cardiovascular events. The association was weaker in women and was not observed in patients "
    "with diabetes."
)
DEAL = ("Acme agreed to buy Beta for $2.3 billion in cash. The deal, which still needs approval from regulators, "
        "is expected to close next year.")
SUBLET = (
    "The Tenant may sublet up to one half of the Premises with the Landlord's prior written consent, which shall not "
    "be unreasonably withheld. The security deposit shall be held in a separate interest-bearing account and returned "
    "within thirty (30) days after the Lease ends."
)
PRIVACY = (
    "We retain account data for as long as your account is active and for up to 24 months after it is closed. "
    "We do not sell your personal information to third parties. We may share aggregated, de-identified data with "
    "research partners."
)
RULE = (
    "Operators must report any incident involving a release of more than 50 kilograms of ammonia within 24 hours. "
    "Smaller releases must be recorded in the site log but need not be reported."
)
LABEL = (
    "The recommended dose for adults is 500 mg twice daily, taken with food. Do not exceed 2,000 mg in 24 hours. "
    "The drug is contraindicated in patients with severe renal impairment. Dizziness was reported in 12% of "
    "patients and usually resolved within a week."
)
RECALL = ("Patients should not stop taking the tablets without first talking to their doctor. Half of the "
          "affected lots were shipped to clinics.")
VOTE = ("The committee voted 6-3 to cut the rate by 0.25 percentage points to 4.5%. Subscription sales rose 27% to "
        "$1.9 billion. The compound showed modest activity in the first cohort.")
RESERVE = ("The reserve covers 5,000 square kilometres, of which 3,000 square kilometres are forest. 50% of the fee is "
           "due on signing and the remaining 50% on delivery. Twelve-month inflation fell to 2.8% in January.")
NEITHER = ("Neither party may assign this Agreement without the other party's written consent. The Supplier is "
           "unable to guarantee delivery dates during the holiday season.")
GOVLAW = ("This Agreement shall be governed by the laws of the State of New York, without regard to its conflict of "
          "laws principles. For fiscal 2026, Orvane expects revenue of $2.1 billion to $2.2 billion.")
HAZARD = ("The substance is suspected of causing genetic defects. A faulty valve was named as one possible source of "
          "the leak. No injury is currently reported, although spills of this kind can cause burns with little or no "
          "warning. The operator announced its intention to close the plant. The review took about 8.0 months; "
          "appeals took about 4 to 6 months.")
RISK = ("Twenty-four trials met the inclusion criteria. A deterioration in the financial condition of any major customer could impair our "
        "ability to collect receivables.")
STORM = ("At least 41 buildings, including 9 schools, were damaged by the storm. Gusts reached 120 mph (190 km/h) "
         "near the coast on Tuesday night, forecasters said. Each club may name one extra player for the cup, whether or not it has named a full squad.")
ENDED = ("Either party may end this agreement on six months' notice for any reason other than a breach of this "
         "agreement. The court allowed the appeal in part. Most members have banned the practice, but it remains "
         "lawful in Ruritania following a ruling which held that it did not breach the charter. The deposit is paid on "
         "signing. It will not be refunded under any circumstances unless the seller withdraws.")
PROVISO = ("Neither Party may assign this Agreement without the prior written consent of the other Party; provided, "
           "however, that either Party may assign it in connection with a merger. Each Party shall bear its own costs; "
           "each Party shall pay its own taxes. The Supplier shall deliver the Goods within ten days; subject to clause 9, "
           "the Buyer shall pay within thirty days; if the Buyer does not pay, interest accrues.")
RELATIVE = ("FCC may sell terpene to other parties who will use it for oilfield solvent applications. Talent will "
            "not endorse any other product which competes with the Company's products. The shares go to the founders, "
            "who may sell them after a year. No Member will be liable for any failure to act where made in good faith. "
            "Physicians may dispense drugs in their offices as long as there is no exploitation and patients may fill "
            "the prescription elsewhere. The plant cooled the air until it liquefied and then distilled the gases and "
            "captured them. Effects were larger for aerobic than for resistance training, although this difference was "
            "not statistically significant. This agreement shall renew for three years upon the parties' mutual "
            "agreement on new goals. Sales rose 5%, but margins fell.")
PAYOUT = ("The board approved a dividend of $0.40 a share, payable on March 15 to holders of record on February 27. "
          "Net sales rose 8% to $2.2 billion.")
TRIAL2 = ("In this open-label, single-arm phase 2 study at 14 centres, 62 adults with relapsed disease were "
          "enrolled. All runs used greedy decoding. The recall is being conducted with the knowledge of the regulator.")
FINDING = ("These results suggest that the drug may be a useful option for older adults. The outlook excludes the "
           "pending purchase of Brightline, which remains subject to approval by regulators. Refunds may be made "
           "only within 30 days.")
AUDIT = ("If an audit discloses an underpayment of 2% or more, the Franchisee shall reimburse the Franchisor for the "
         "costs of the audit (including, without limitation, reasonable accounting fees). The Consultant shall return all "
         "Company Property at the request of the Company or, in the absence of such a request, upon termination.")
UNPAID = ("Invoices are payable within 30 days. Excepting any amounts disputed in good faith, balances unpaid after "
          "that period bear interest of 1% per month. Subject to the exclusions below, Velora warrants the frame for "
          "five years.")
PRICES = ("Liability for lost cargo is limited to $4.41 per kilogram. The confidentiality agreement dated Nov. 19, "
          "2013 shall govern this agreement.")
TABLE = "The win lifts United to fifth in the league, two points behind Arsenal with ten games left."
SURVIVAL = "The confidentiality obligations in this Section survive for five years after termination of this Agreement."
TRADE = "The distributor buys the products at wholesale prices and resells them to shops in the region."
RATES = ("The Trust's solvency ratio stood at 168% at year end, above its target range of 140% to 160%. Hotel costs "
         "are reimbursed up to £160 per night in Leeds. Within forty-five (45) days of the approval, the Buyer will pay "
         "a one- time fee to the Seller. The surcharge shall be the hourly rate plus twenty-five percent (25%). The board "
         "declared a dividend of $0.30 per share, payable December 15 to holders of record on November 20.")
FREEDOMS = ("Notwithstanding anything in this Agreement, the Distributor shall not be restricted from purchasing any "
            "similar product from sources other than the Supplier. Harwick Labs, an independent non-profit corporation "
            "governed by four universities, was formed in 1971 to study water quality in the region. Except with respect "
            "to claims arising from a breach of confidentiality, in no event shall either party be liable for any "
            "indirect or consequential damages. The Licensee may use the Marks on any materials, including but not "
            "limited to brochures and websites. Subject to Harwick's right of first refusal, Velora may offer the "
            "unsold stock to other buyers. Velora may terminate this Agreement on ninety days' written notice.")
HEDGED = ("Based on the thicknesses measured on site, which averaged 0.9 mm against a specified 1.4 mm, I consider "
          "it likely that the achieved resistance was nearer 30 minutes. The panel, which may meet again next spring "
          "at its offices in the city centre, found that the barrier was missing.")
LIMITS = ("The Court of Appeals affirmed in part and reversed in part. The basin holds an estimated 390 billion "
          "trees. The 3,000,000 shares issued to the Seller are unregistered. The Miller test is fast but has a small "
          "chance of error, and the AKS test is always correct but too slow to be practical. This contract may not "
          "be assigned in whole or in part without the written consent of the Bank.")
DUTIES = ("Upon such termination, the CONSULTANT shall be required to repay BRIGHTWATER HOLDINGS for that period of "
          "the Agreement not performed by the CONSULTANT. The Officer shall notify the regulator without undue delay "
          "and, where feasible, no later than 72 hours after becoming aware of the breach. Two of the club's three "
          "goalkeepers were selected for the national squad. This Agreement shall bind the parties and their "
          "successors and assigns.  Reseller shall not assign this Agreement without the prior written consent of "
          "the Company. Unless agreed otherwise, all dollar amount referred to herein are in US dollars. Repairs to "
          "the north bridge are currently underway.")
OPINIONS = ("Some historians, such as Mary Hale, are of the opinion that the guild system can be traced to Ghent after "
            "the great fire had ended. The council was considering whether to ask for a review by the ombudsman. Each "
            "party's liability will in no event exceed twice the fees paid under this Agreement. Group revenue was "
            "€2.41bn, up 3.2% year on year. The service fees are NTD 12 million (SAY TWELVE MILLION ONLY) in total "
            "and are payable in three stages. Crews hope to refloat the barge on Friday, but officials warned the "
            "canal could stay closed if that attempt fails. Tenants may keep a cat if the landlord agrees in writing; "
            "dogs are not allowed.")
FORMS = ("The Board declared a quarterly dividend of $0.25 per share. As of January 2016[update], the largest "
         "known prime number has 22,338,618 decimal digits. Dizziness usually resolved within a week. Safety in "
         "pregnancy has not been established. Median progression-free survival was 3.9 months and median overall "
         "survival was 8.1 months. ESSI will pay Ten Thousand and NO/100 Dollars ($10,000) a month, including, but "
         "not limited to, fees for posts. Children aged 3 months to 12 years (weighing less than 40 kg) take "
         "25 mg/kg/day. SHPS will pay a commission to HPS equal to five percent (5%) of such amount. Distributor "
         "shall pay half (1/2) of the purchase price prior to shipment. Net profit was USD 311 million (2022: USD "
         "2.64 billion).")
HISTORY2 = ("In 1466, perhaps 40,000 people died of the plague in Paris. Under the merger, the network would have "
            "been renamed ABC-DuMont for five years. Obesity prevalence at 18 months was 14.1% versus 16.3% (odds "
            "ratio 0.85, 95% CI 0.70 to 1.03). The risk was higher among night workers. The association remained "
            "significant after adjustment for body mass index.")
WIDENED = ("The harbour was closed to all commercial shipping on Monday after a tanker lost power in the channel. "
           "Only the finance director and officers authorised in writing by the board may sign cheques above £5,000. "
           "Guests may bring food onto the site where a member of staff is present and the food is sealed. Every "
           "employee based in the Leeds office receives a parking permit. There was no significant difference in "
           "pain scores between the two groups at six weeks. Members of the police and the armed forces are "
           "disqualified from sitting on the council. Any employee, contractor or agency worker who reasonably "
           "believes that wrongdoing has occurred may raise a concern. The tram network is operated by Tynelink on "
           "behalf of the Nexus authority. In 2019 the board appointed Dana Reyes as its treasurer while Tom Hale "
           "remained its secretary, a post he held until 2023. Nearly three-quarters of the members voted for the "
           "motion, while roughly 500 abstained. The Distributor may not assign or transfer its rights under this "
           "Agreement, whether by operation of law or otherwise, without the prior written consent of the Supplier. Either party may terminate this Agreement for "
           "material breach by giving the other party thirty (30) days' written notice. Average annual water bills "
           "are expected to reach £560 by 2030, up from £462 now. The Company does not make facilitation payments. An "
           "employee whose safety is at risk may make such a payment and must report it at once. Therapy should be "
           "extended in patients with empyema or lung abscess, for whom the best duration has not been established. "
           "The jury rejected the plaintiff's claim that the delay was deliberate. Shipping lines with volume "
           "agreements will be exempt from the fee increase until their contracts expire. The Supplier shall maintain "
           "product liability insurance with limits of no less than $1,000,000 per occurrence and $2,000,000 in the "
           "aggregate. Said written approval must be given within five business days of receipt or said usage shall "
           "be deemed unapproved. The Contractor need not send staff to the site if severe storms are forecast in the "
           "region, and a reasonable person might fear for their safety. In older adults, low-dose aspirin appears "
           "to lower the short-term risk of stroke. Sergius IV ruled Naples until 1030. The family then proclaimed "
           "Guaimar IV of Salerno duke. He promptly made William a count in Melfi. In 1521 the reformer shifted his "
           "attack from popular pieties such as pilgrimages to the doctrines of the Church. He assured monks that they "
           "could break their vows without sin. From the perspective of the object, all motion occurs as if there "
           "were no gravitation. His essay On Confession, Whether the Pope has the Power to Require It rejected "
           "compulsory confession and encouraged private confession. General relativity has been acknowledged as the "
           "theory that best explains gravity. He condemned as idolatry the idea that the mass is a sacrifice, "
           "asserting instead that it is a gift to the congregation. Luther's translation appeared in 1534. Furnished "
           "with notes by Luther, it spread his doctrine throughout Germany. Investors value the fund for its "
           "liquidity, especially its daily dealing. We expect operating margins to recover gradually during 2025, the "
           "chief executive said. The damage to the olive is consistent with the fitting having been over-tightened "
           "when it was installed. This agreement shall be governed by and construed in accordance with the laws of "
           "Hong Kong. The Tribunal found that the employer did not know, and could not reasonably have been "
           "expected to know, of the disability at the time. The other victim recovered on Tuesday morning was Al "
           "Larsen, 31, of Fort Worth. Users under 16 may not create an account without parental consent. Whether "
           "patients with high Lp(a) levels may benefit warrants further study. Officers estimate that the charge "
           "could raise about £9 million a year. The Tenant may sublet part of the Premises, and only with the "
           "Landlord's prior written consent. A leak is a recognised complication of this operation, and its "
           "occurrence does not of itself indicate substandard care. The Licensee may not assign this Agreement "
           "without the prior written consent of the Licensor, which the Licensor may give or withhold in its sole "
           "discretion. In the event of the Company's insolvency, the Consultant shall not be obliged to repay any "
           "money so long as the Consultant continues to perform his obligations.")
ALIASES = ('THIS AGREEMENT is made between R. C. Harrow Enterprises, LLC, referred to in this Agreement as "Company" '
           'or "Harrow", and Delta Oil, Inc., referred to in this agreement as "Sponsor" or "Delta". 16. Exculpatory '
           'Clause. Delta will not be liable to the Company or any third party for any injury sustained while '
           'filming any episode.')
KINDRED = ("In the event that the Licensee elects to bring proceedings against an infringer, the Licensor will "
           "reasonably cooperate with the Licensee in those proceedings, and the Licensee shall reimburse the Licensor "
           "for all reasonable costs it incurs as a result. New partners may be admitted to the firm only with the "
           "unanimous consent of the existing partners. The panel dismissed the argument that the café's takeaway "
           "sales were exempt. Royalties are 5% of Net Sales of Licensed Products in the Territory. Alkylating agents "
           "suppress the immune response by killing dividing cells such as activated B cells. The complaint of race "
           "discrimination is dismissed. The Moravian Church in America belongs to the Unity of the Brethren, which has "
           "about a million members. I have seen no evidence that the collapse of the level 5 slab was caused by "
           "overloading. The loading records are incomplete, however, and I express this view with less certainty. "
           "Reinstatement was not sought. A claim for holiday pay was withdrawn by the claimant at the outset of the "
           "hearing and is dismissed on withdrawal. Although we have begun qualifying a second source for the "
           "controller, we do not expect that supplier to deliver production volumes before 2026. The parties agree "
           "that Northgate shall act as lead contractor on any bid and that Ashby shall have a right to join such "
           "bid as a subcontractor to Northgate. Either party may terminate this Agreement on 30 days' notice; "
           "provided, however, that such termination shall not terminate any lease then in effect. If the "
           "Distributor fails to use commercially reasonable efforts to sell the Products, the Supplier may "
           "terminate. The counterclaim for the cost of replacement goods fails, save for the £8,100 attributable to "
           "the rejected June delivery. The agency said it had received 40 complaints, including six reports of minor "
           "injuries. No serious injuries have been reported. Votes for Members of the European Parliament must be "
           "organised by proportional representation. The Sponsor may, in its sole discretion, cancel its "
           "participation in any event by notifying the Organiser not later than two weeks before the event. Where "
           "we transfer data abroad, we will do so only to countries found adequate or under approved contract "
           "clauses. We may share your data with our payment processors, subject to written contracts that require "
           "them to keep it confidential. If the sum insured is less than 80 percent of the gross profit that would "
           "have been earned during the indemnity period, the claim is reduced proportionately. The claimant seeks "
           "£900,000, representing its lost profit on the remaining 11 months of the term. The most detailed account "
           "came from the medical faculty in Paris in a report to the king of France that blamed the stars. Either "
           "Party may terminate this Agreement at any time prior to delivery of the Product. Harbourline must also "
           "commission an independent audit of its debt-collection procedures and submit the auditor's report to the "
           "Authority within six months. The Union has since "
           "adopted measures in several social policy areas, including equal opportunity, health and safety, public "
           "health, poverty, migrant workers and youth. Overdue amounts shall accrue interest at the lesser of 1.5% per "
           "month or the maximum rate permitted by law. In those aged 80 or older, efficacy was 54.0% (95% CI, -12.6 to "
           "81.2), which was not statistically significant. Blooms began 11 days earlier in ice-free areas, although "
           "the difference was statistically significant only in the central basin. In 1955 the 40 traders were thought too insignificant a "
           "community to need a consulate. The Trust shall repay an amount equal to the cash\n\n        2"
           "\n\nsurrender value of the Policy on the date hereof. The cuts affect mainly early-morning trains; peak-hour "
           "services will not be changed. Common pipistrelle accounted for 68% of all recorded passes, "
           "followed by soprano pipistrelle (19%) and Leisler's bat (7%). Activity of Leisler's bat was concentrated "
           "along the forestry edge. Among 18,412 participants, 11 cases occurred in the vaccine group and 52 in the "
           "placebo group (vaccine efficacy, 78.9%; 95% confidence interval [CI], 59.1 to 90.0).")
HOUSING = (
    "Methods: residents were followed for a median of 9.4 years. Compared with tenants in private housing, residents "
    "who had lived in social housing for ten years or more had a higher rate of hospital admission for asthma (rate "
    "ratio 1.28; 95% CI 1.10 to 1.49) after adjustment for age, smoking, income and region. The association was "
    "attenuated but remained significant after further adjustment for damp and mould in the home (rate ratio 1.15; "
    "95% CI 1.01 to 1.31). Short tenancies were not associated with admission."
)
MIXED = (
    "Sediment cores from the lake bed record the region's climate over several hundreds of thousands of years. "
    "A survey found that 20% of rural clinics had no doctor in the last week of March. "
    "We performed our review in accordance with the standards of the Financial Reporting Council (FRC). "
    "The Trust is not required to have, nor were we engaged to perform, an audit of its payroll controls. "
    "The landowner proposes to replant 14 hectares of native woodland on the northern slope. "
    "Like most ports in the United States, Savannah grew quickly after World War II. "
    "If the rebate is insufficient to cover the shortfall, the Manager shall also pay the Fund's expenses. "
    "On the Closing Date the Lease shall terminate in its entirety with respect to the Tenant. "
    "Late balances bear interest at 1% per month, or the highest rate allowed by law, whichever is lower. "
    "From the Completion Date, except as expressly provided in this Deed, the Guarantee shall cease to have "
    "effect, and all claims under it shall lapse. Unit sales increased from 4.1 to 5.3 million in 2024. "
    "18.3 Non-Competition. For two (2) years after the end of this Agreement, the Seller shall not compete within "
    "ten (10) miles of the Store. The committee voted to cut the rate to 4.25%. Two members dissented. It has been "
    "claimed that the guild controlled every mill in the valley. The survey found that the guild owned two mills. "
    "Four trustees wanted to keep the farm in trust for the village, and two trustees wanted a sale at auction. "
    "If a Payment Default occurs and, within the Cure Period, a Rating Downgrade occurs, each Holder will have the "
    "option to require the Issuer to buy back its Notes at par. The model projects that, under a high-emissions "
    "scenario, summer river flow will fall by about 20% by the 2050s."
)
ROUND37 = (
    "In return for the services to be provided herein, Acme agrees to pay the fee within ten (10) days of signing. "
    "The Agent shall not act during the Term for any other company providing freight services in the Region. "
    "The Broadcaster shall have the right to insert advertisements within the Show. In 1998 residents of the estate "
    "were given the option to buy their flats at a discount. Further studies are required before the vaccine can be "
    "recommended for infants. There has been criticism that the board approved the merger too quickly. "
    "The pump is a two-stage design (no bypass) rated at 40 bar.[not in citation given] The licence shall remain in "
    "force for two years from signing, which may be extended by written agreement of both parties for a further year. "
    "In the 1980s the guild let its members trade abroad, and many members opened offices in Lisbon. After the reform "
    "of 1994 the guild's charter was revoked, although the name is still used in the city. The promotion shall begin "
    "on June 1,2025 and end on May 31, 2026. For the fourth quarter of 2024, the group expects revenue of $210 million "
    "to $230 million. The deposit holds an Indicated Resource of 12.6 million tonnes grading 2.1 g/t gold, containing "
    "0.85 million ounces. Warehouse stocks rose by 12,000 tonnes in March to their highest level since 2019, although "
    "stocks held in transit fell. The court of appeal dismissed the landlord's claim for the arrears as the point had "
    "not been raised at trial. On the supply side, output from the United States, Brazil and Norway is set to expand by "
    "a combined 0.9 mb/d, more than offsetting the cuts of some other producers. This Agreement may be terminated at "
    "any time, without the payment of any penalty, by the Board or by the Sponsor, in each case on not less than 60 "
    "days' written notice to the other party. The earlier schematic lacked temperature units but appeared to depict "
    "larger variations over the past 1000 years than the new reconstruction. Except for claims arising from a breach "
    "of Clause 9, neither party shall be liable for lost profits. Except as otherwise provided herein, each party "
    "shall bear its own costs. The Carrier may change its fees for the next year, capped at the CPI, on thirty days' "
    "written notice. The review did not find evidence that smoked ham contributes to the outbreak. Reinforcements "
    "set out in April. When the troops reached the ford on May 2, the captain allowed the rebels to cross. The Board "
    "does not recommend any sanction against Mr. Hale. Any sanction concerning Mr. Brandt is a matter for the "
    "Registrar. The city's first tram line opened in 1902 and ran until World War II. Credits are the Client's sole "
    "remedy for the delay, except where the delay constitutes a Material Failure. Cash of £80 million covers debt "
    "maturities through 2027, excluding the £50 million note due in May 2026, which the board intends to refinance. "
    "Today the harbour is, according to many indicators, the busiest in the region, with 40 berths in use and 2,100 "
    "staff as of 1 May 2024. If an order exceeds the forecast, the Supplier shall use reasonable efforts to fill such "
    "order but shall not be in breach if it cannot supply the excess. Liability shall not exceed the amount paid for the "
    "products that caused the loss. Within 45 days of an approval of the product by the Agency, the Company will pay a "
    "milestone of $2 million. The Licensee shall pay the fee within thirty days after execution of this Agreement. "
    "Ferry operators criticised the plan on Monday. The fishermen's union said it was considering a strike over the new "
    "quotas, and talks continue. Coach seats are the standard for trips under four hours; premium economy may be booked "
    "for trips of four hours or more, and business class only with the written approval of the Director."
)
ROUND38 = (
    "We will refund the deposit to you within 30 days of the end of the tenancy. You must give us your new "
    "address before you leave. The Customer may object to a new sub-processor on reasonable grounds relating to "
    "data protection within fourteen days. The Supplier may use the data for any purpose permitted by law. "
    "Mr Reeve's wife called 999 at 21:14. An ambulance arrived at 23:52. On arrival at hospital the crew waited "
    "74 minutes before Mr Reeve could be handed over. If the customer terminates the agreement, the Developer "
    "shall be paid pro rata. The exceedance is assessed as a moderate adverse, temporary effect. The Fee may be "
    "changed by mutual agreement in writing between the Agent and the Client. This Agreement may be terminated (i) by "
    "mutual written agreement of the parties; or (ii) by the Agent on thirty days' notice. Early mobilisation was "
    "associated with a shorter hospital stay. The possible benefit in younger patients needs confirmation. "
    "Consumers should destroy the recalled kettle; they should not return it to the store. Fees shall not exceed "
    "$500 per month. The Tenant shall not sublet the garage unless the Landlord consents in writing. Either Party "
    "may change its address by giving notice. This Agreement shall not be assigned by either Party without the "
    "prior written consent of the other Party. The time required by the machine on each input of length n is at "
    "most f(n). Issuers with fewer than three years of audited statements are generally not rated above BB+. "
    "Essential services "
    "include, but are not limited to, financial services, health services and utility services."
)
ROUND39 = (
    "Service fees shall be paid to the Consultant within ten (10) days after the end of each month. In the event of a "
    "conflict between this Agreement and any Work Order, the terms of this Agreement shall control. The panel found "
    "that there would be some loss of daylight to the neighbouring houses, but the harm would not be significant. The "
    "petition cited the freedoms guaranteed in the Bill of Rights to assemble and to speak."
)
ROUND39B = (
    "The index attempts to measure how much households trust their banks. The safety benefit should be confirmed in "
    "larger trials before the device is adopted. Each campaign post shall be drafted by the Agency, subject to the "
    "Client's approval in every instance. A notice takes effect three business days after it is sent by registered "
    "post to the address of the other party. Any shortfall shall be paid within 14 days of demand."
)
ROUND39C = (
    "The mill said the kilns had lost about £2m a month over the past year and blamed rising gas prices and cheap "
    "imports. Early repayment charges apply during a period in which the rate of interest is fixed. We enrolled "
    "12,400 teachers aged 25 to 60 years, free of hypertension at baseline. The sponsor will pay the fee within 30 "
    "days following the dosing of the first patient in the trial. The new satellite gave the service the potential to "
    "carry 200 channels."
)
ROUND40 = (
    "If the Buyer fails to pay any amount due within ten (10) days of the invoice, late charges of 1-1/2% per month, "
    "or the maximum amount allowable by law, whichever is less, shall become payable by the Buyer. The group expects "
    "to achieve annual cost savings of about £60 million by the end of the third year after completion. The Supplier "
    "may appoint additional distributors in the Territory at its sole discretion. The gallery holds a full-size oil "
    "sketch for the painting, made by Constable in 1821. Refunds are paid to the original card within ten business days "
    "of the return. The historical society was established in 1884 by a group of local merchants. Food prices remained "
    "elevated through the winter months, the bureau said. 3.3 Touchdown occurred approximately 640 metres beyond the "
    "runway threshold, leaving about 1,150 metres of the 1,800-metre runway available for stopping. The insurer shall "
    "pay two-thirds of the claimant's costs of the appeal. A service fee of $2 is charged per user per initial "
    "transaction on the platform. This Lease may be terminated by either party for any reason or no reason, whether or "
    "not renewed beyond the initial term, by giving the other party written notice ninety (90) days in advance. "
    "Voters approved a $48 million bond, with 58 per cent in favour; the measure needed a simple majority to pass. "
    "For the avoidance of doubt, T&B shall remain the owner of all right, title and interest in and to the Derivative "
    "Works from inception. Veteran striker Ana Ruiz, a two-time league champion and World Cup finalist, captained the "
    "side. The clinic is staffed by volunteer nurses and a visiting dermatologist on weekdays."
)
ROUND41 = (
    "In the event the Licensee does not meet the minimum annual sales requirements for a contract year, $50,000 of the "
    "advance will be deemed to be unearned. The review panel may raise the score by one grade to reflect factors not "
    "captured by the checklist, such as site history. Each party shall maintain insurance with limits not less than the "
    "following: (a) each occurrence, two million dollars ($2,000,000). In my opinion the damp most likely came from the "
    "failed gutter on the rear elevation rather than from the adjoining garage roof. The Contractor shall keep enough "
    "staff on site to meet the programme, but always subject to the access restrictions, if any, in the Site Rules. The "
    "Company will pay the Consultant a fee of $90,000 per year plus VAT and applicable taxes. Neither party shall "
    "assign this Agreement or any rights under it except with the prior written consent of the other. The union said "
    "further stoppages could follow if the operators did not withdraw their plans for automated cranes. The Reseller "
    "agrees that it will use such pricing information only for the purpose of quoting to its customers. The Reseller "
    "will promote the Products in the Territory. Should either Party fail to cure a material breach within thirty (30) "
    "days after notice, the other Party shall, at its option, have the right to terminate this Agreement. The "
    "employee was dismissed on 3 May 2021, purportedly for gross misconduct arising from the alleged misuse of the "
    "client account funds held by the firm. "
    "The Operator has estimated that the Works will cost approximately TWO MILLION DOLLARS ($2,000,000) (the "
    "\"Estimated Cost\") for the first phase. The Service Charge shall not include the cost of repairing any "
    "structural defect in the Building, nor any cost recoverable under the Landlord's insurance. Completing Q with "
    "respect to the absolute value yields the field of real numbers, while completing it with respect to the p-adic "
    "norm |−|p yields the field of p-adic numbers. The Supplier may include on a statement, and the Buyer agrees to pay "
    "for: (i) any Goods delivered within sixty (60) days before the date of the statement; and (ii) any corrections to "
    "amounts charged within sixty (60) days after the date of the original statement. No injuries have been reported; "
    "one steward was treated for smoke inhalation at the scene and released. Underlying output growth appears to have "
    "remained at about 0.4 per cent per quarter. A work-to-rule, which the union says will continue until at least "
    "the end of the season, is expected to cause further cancellations on weekend services. The crew's attempt to "
    "restart the right engine during the climb was unsuccessful, and the aircraft landed 3 km short of runway 09. "
    "Mr Hale accepted in cross-examination that he did not interview the two night managers who, on the claimant's "
    "account, had approved the disputed hours, and that he did not review the door entry logs, although they were "
    "readily available. For adults with a score of 2, anticoagulation may be considered after shared "
    "decision-making that weighs the patient's bleeding risk and preferences (conditional recommendation, "
    "low-certainty evidence). Member agrees to pay all court costs and reasonable attorney's fees incurred by the "
    "Transferor in obtaining specific performance of this covenant. Throughout the Term, the Licensor shall designate "
    "at least one (1) staff member to provide the Distributor with all reasonably necessary assistance and support "
    "relating to its obligations herein. We recommend that a roofing contractor repairs the gutters and downpipes "
    "within the next two months, before the winter, to prevent further damp penetration. The fire forced the "
    "evacuation of roughly 2,400 residents and destroyed at least 9 homes, fire officials said on Tuesday. Charities in "
    "the city are known for providing shelters, free or low cost legal clinics and housing assistance to students from "
    "out of town. "
    "Teams based in the region include sides from the NFL (Kansas City Chiefs); NBA (Denver Nuggets, Utah Jazz); and "
    "MLS (Sporting Kansas City)."
)
ROUND42 = (
    "For the year ended December 31, 2017, 3.2 million stock options were outstanding but were not included in the "
    "computation of diluted earnings per share because their exercise prices were greater than the average market "
    "price of the common shares. The waiver signed by the tenants is not enforceable against the guarantor. Stock "
    "based compensation decreased by approximately $260,000 from $2.5 million in 2018 to $2.3 million in 2019 as "
    "performance awards vested. Notwithstanding the foregoing, the Receiving Party shall be permitted to disclose "
    "Confidential Information if such disclosure is required by law, but in such event the Receiving Party shall "
    "notify the Disclosing Party in writing in advance of such disclosure. Except as provided in Section 1.2 of this "
    "Agreement, the Developer makes no representations or warranties with respect to the services. Except as "
    "otherwise provided in this Agreement, the Developer shall bear its own costs. Subject to Section 9.1, the "
    "Supplier shall bear the complete responsibility for a Recall caused by a Defect. Subject to the terms of this "
    "Agreement, the Supplier shall deliver the Ingredient to the Buyer's plant. Port officials estimated that each "
    "day of the stoppage could delay around 40,000 containers. Under the bill, physicians who perform the procedure "
    "could face up to two years in prison. Retailers warned that shortages of some imported goods were possible if "
    "the strike lasted beyond a week. The Board also announced a share buyback of up to £40 million, to be completed by "
    "31 March 2025. We currently expect that gross profit percentage will fluctuate in the future, from "
    "period-to-period, based on changes in product mix, average selling prices, and average manufacturing costs. The "
    "goal is to produce one hundred million watt-hours per year with target annual sales of sixty million dollars. "
    "Economists said the shift in tone made a June cut more likely, although several cautioned that a strong wage "
    "figure next month could delay any move until August."
)
ROUND42B = (
    "Board meetings may be attended by directors in person or by proxy.\n\nFORCE-MAJEURE\n\n10.1 Except for the "
    "obligations to make any payment, a Party shall not be in breach of this Contract for any failure caused by "
    "circumstances beyond its control.\n\nArticle 59 Five (5) directors present in person or by proxy shall constitute a "
    "quorum for all meetings of the Board of Directors. If at any properly convened meeting no quorum is constituted, "
    "the Chairman may call another meeting. Pending the results of testing, no weight restriction is considered "
    "necessary.\n\nNet cash provided by operating activities decreased $477 million in 2019 driven by the following key "
    "factors: • An increase in cash income tax payments of $346 million; • An increase in interest payments on debt of "
    "approximately $300 million, driven by incremental debt used to fund the acquisition of Red Hat; and • "
    "Performance-related declines within net income. Loss to follow-up was 23% overall and was higher in the control "
    "group; participants lost to follow-up were counted as smokers. Receipt of the vaccine was associated with a reduced "
    "risk of severe dehydration among cases.\n\n12. LIMITATION OF LIABILITY\n\n12.1 Except in respect of a party's "
    "liability for death or personal injury caused by its negligence, fraud or fraudulent misrepresentation, or any "
    "other liability which cannot be limited or excluded under applicable law, neither party shall be liable to the "
    "other for any loss of profits or any indirect loss. During the initial three (3) years of the Term of this "
    "Agreement, Eutectix shall make available alloy raw materials without cost. Judge Helen Marsh said the company had "
    "been reckless rather than deliberate, but criticised it for failing to act on alarm warnings. With the consent of "
    "the Board in compliance with Section 4.7, the Company may manufacture semiconductor products directly for third "
    "parties. S2K shall not act as an underwriter in connection with its wholesale activities where S2K receives all "
    "or substantially all of the sales load. About 38% of participants in the dCBT-I group no longer met criteria for "
    "insomnia at 24 weeks, compared with 19% of controls. Once the Licensee has paid the fee in full, the licence "
    "becomes irrevocable. Evidence of rising damp was noted to the ground-floor party wall; we recommend that a "
    "specialist damp survey is obtained before exchange of contracts. A university spokesperson said contingency plans "
    "were in place, but acknowledged that some assessments could be delayed. Either Party may terminate this Agreement "
    "by written notice if the other Party is in breach of its obligations under this Agreement, which breach has "
    "remained uncured for more than thirty (30) days after notice. On 18 October 2018 the three leases were "
    "derecognised on acquisition."
)
ROUND44 = (
    "Orientation lasts two weeks and is held at either our Dayton, or Toledo, Ohio offices or at any other site we may "
    "choose. In the case of a force majeure event, the Distributor will not be responsible for payment of any royalty. "
    "Subject to the condition above, Hemispherx grants the Distributor the exclusive right to sell the Product."
)
ROUND45 = (
    "Demurrage shall be payable by Charterers at the rate of USD 18,500 per day or pro rata for part of a day. Ashford "
    "Town reported a loss of £18.4 million for the 2022-23 season, the club's fifth consecutive annual loss. The Warsaw "
    "Stock Exchange had 374 companies listed and a total capitalization of 162 584 mln EUR as of 31 August 2009. "
    "Conditions limit construction traffic to between 08:00 and 18:00 on weekdays."
)
GERMAN = "Das Wetter war schön, und die Kinder spielten im Garten. Der Zug war schon abgefahren, als wir ankamen."

PASSAGES = {
    "lease": LEASE, "lease_b": LEASE_B, "license": LICENSE, "nda": NDA, "employ": EMPLOY, "fin_1": FIN_1,
    "fin_2": FIN_2, "fin_3": FIN_3, "news_1": NEWS_1, "news_2": NEWS_2, "news_3": NEWS_3, "sci_1": SCI_1,
    "sci_2": SCI_2, "sci_3": SCI_3, "signs": SIGNS, "german": GERMAN, "council": COUNCIL, "joint": JOINT,
    "sci_4": SCI_4, "report": REPORT, "distrib": DISTRIB,
    "fin_4": FIN_4, "cap": CAP, "incident": INCIDENT, "bio": BIO, "term": TERM, "build": BUILD, "trial": TRIAL, "duty": DUTY, "earn": EARN, "results": RESULTS, "grant": GRANT, "expert": EXPERT, "film": FILM, "plant": PLANT, "plant_lc": PLANT_LC,
    "wind": WIND, "press": PRESS, "clinic": CLINIC, "trade": TRADE, "expense": EXPENSE, "history": HISTORY, "city": CITY, "opinion": OPINION, "paper": PAPER, "defs": DEFS, "cohort": COHORT, "deal": DEAL, "sublet": SUBLET, "privacy": PRIVACY, "rule": RULE, "label": LABEL, "table": TABLE, "survival": SURVIVAL,
    "hazard": HAZARD, "risk": RISK, "storm": STORM, "ended": ENDED, "proviso": PROVISO, "relative": RELATIVE, "payout": PAYOUT, "trial2": TRIAL2, "finding": FINDING, "audit": AUDIT, "unpaid": UNPAID, "prices": PRICES, "recall": RECALL, "vote": VOTE, "reserve": RESERVE, "neither": NEITHER, "govlaw": GOVLAW,
    "rates": RATES, "freedoms": FREEDOMS, "hedged": HEDGED, "limits": LIMITS, "duties": DUTIES, "opinions": OPINIONS, "forms": FORMS, "history2": HISTORY2,
    "widened": WIDENED, "kindred": KINDRED, "aliases": ALIASES, "housing": HOUSING, "mixed": MIXED,
    "round37": ROUND37, "round38": ROUND38, "round39": ROUND39, "round39b": ROUND39B, "round39c": ROUND39C,
    "round40": ROUND40, "round41": ROUND41, "round42": ROUND42, "round42b": ROUND42B,
    "round44": ROUND44, "round45": ROUND45,
}


@pytest.fixture(scope="module")
def verifier() -> Verifier:
    """The shipped configuration: lexical stage, then the semantic stage."""
    return Verifier()


def verify_one(v: Verifier, source_key: str, quote: str) -> QuoteResult:
    [r] = v.verify([quote], [Source(source_key, PASSAGES[source_key])])
    return r


# --------------------------------------------------------------------------- 1. meaning-flipped paraphrases
# (source, kind, quote). None of them may come out paraphrase, near_verbatim or verbatim; the
# invented ones ("invented") must be unsupported.
FLIPS: list[tuple[str, str, str]] = [
    # negation, incl. without / unless / except / no
    ("lease", "negation", "The Tenant may assign this Lease or sublet the Premises without the consent of the Landlord."),
    ("lease", "negation", "The Tenant is allowed to assign the lease without the Landlord's prior written consent."),
    ("lease", "negation", "The Landlord may unreasonably withhold consent to an assignment of the Lease."),
    ("lease", "negation", "The Landlord may enter the Premises without giving the Tenant any written notice."),
    ("nda", "negation", "The Receiving Party is free to disclose Confidential Information to any third party."),
    ("nda", "negation", "The confidentiality obligations also apply to information that becomes publicly available "
                        "through no fault of the Receiving Party."),
    ("sci_1", "negation", "In the low-risk subgroup, the reduction in stroke risk was statistically significant."),
    ("sci_2", "negation", "The bacterium is able to survive without oxygen."),
    ("license", "negation", "Licensee is permitted to sublicense the Software to third parties."),
    ("employ", "negation", "The Company may terminate the Employee for Cause at any time, but only with notice."),
    ("fin_2", "negation", "Selling, general and administrative expenses did not stay flat compared with the prior year."),
    ("lease", "negation", "The deposit has to be returned in full within 30 days after the term ends, even if the "
                          "Tenant is in breach of the Lease."),
    ("news_2", "negation", "The deal should close in the second half of the year, with no need for regulatory approval."),
    # numbers, dates, amounts, percentages (incl. spelled out)
    ("fin_1", "number", "Revenue grew 21% to $4.1 billion in 2023."),
    ("fin_1", "number", "Revenue rose 12 percent to 4.7 billion dollars in 2023."),
    ("fin_1", "number", "Revenue went up by twelve percent to $4.1 billion in 2022."),
    ("fin_1", "number", "The company bought back 2.3 million shares for $410 million in the fourth quarter."),
    ("fin_1", "number", "The board approved a quarterly dividend of 54 cents per share, payable on March 15, 2024."),
    ("fin_1", "number", "The $0.45 quarterly dividend per share is payable on May 15, 2024."),
    ("lease", "number", "The security deposit must be returned in full within sixty days after the lease ends, "
                        "except where the Tenant is in breach."),
    ("license", "number", "Licensee pays Licensor royalties of 15% of Net Sales within forty-five days after each "
                          "calendar quarter ends."),
    ("license", "number", "Either party can end the Agreement on ninety (90) days' written notice if the other party "
                          "materially breaches it and fails to cure the breach."),
    ("employ", "number", "The Employee receives a yearly base salary of $18,000, paid in equal semi-monthly installments."),
    ("employ", "number", "The Employee gets thirty days of paid vacation each calendar year."),
    ("news_1", "number", "On Tuesday the city council approved the new transit plan by a vote of 9-2."),
    ("news_2", "number", "Beta shareholders will get $42 a share, an 18% premium to Friday's closing price."),
    ("sci_1", "number", "Patients took 100 mg of the drug every day for 12 months."),
    ("sci_1", "number", "Serious adverse events were seen in 14.1% of treated patients and 3.9% of those on placebo."),
    ("sci_2", "number", "Atmospheric CO₂ has risen from roughly 280 ppm before industrialisation to more than 510 ppm today."),
    ("fin_2", "number", "At 31 December 2021 the Group's net debt was £1.8 billion, under its £2.5 billion covenant limit."),
    ("lease", "number", "The lease runs from March 1, 2024 until February 28, 2029."),
    # parties, names, pronouns
    ("license", "party", "Licensee shall own every improvement made by Licensee."),
    ("license", "party", "Licensor must pay Licensee a 5% royalty on Net Sales within 45 days after each calendar quarter."),
    ("lease", "party", "The Landlord must pay a monthly rent of $2,400 on the first day of every month."),
    ("news_1", "pronoun", "Mayor Linda Ortiz said he would sign the measure this week."),
    ("news_1", "name", "Mayor Maria Ortiz said she would sign the measure this week."),
    ("news_2", "name", "Acme said it intends to keep Beta's headquarters in Dallas and retain all 2,100 employees."),
    ("employ", "pronoun", "The Employee shall devote her full business time to the Company."),
    ("nda", "party", "The Disclosing Party must keep all Confidential Information strictly confidential and must not "
                     "disclose it to any third party."),
    ("license", "name", "This Agreement is governed by the laws of the State of New York."),
    ("news_3", "name", "Cam Newton was named Super Bowl MVP."),
    # modal class change
    ("lease", "modal", "The Tenant may pay monthly rent of $2,400 on the first day of each month."),
    # the strength of a claim: done away with for lessened, a cause for a link, a proof for a hint
    ("sci_3", "direction", "Retrieval-augmented generation eliminates hallucinations in question answering."),
    ("sci_1", "direction", "In the randomized trial, the new drug prevented stroke compared with placebo."),
    ("sci_4", "direction", "In the cohort study, heavy coffee consumption caused a lower risk of liver disease."),
    ("sci_4", "direction", "The results prove that moderate exercise improves sleep quality in older adults."),
    # a clause of a contract's restatement that the contract does not state: an invented term
    ("joint", "added_claim", "Any invention conceived jointly shall be owned jointly, with revenues shared equally "
                             "between the parties."),
    ("joint", "added_claim", "Any invention conceived jointly by the parties during the Term shall be owned jointly "
                             "and assigned to the Licensor upon termination."),
    # exclusivity ("non-exclusive" folds to one word) and a duty to ask for one only to tell
    ("distrib", "negation", "The Distributor is a non-exclusive distributor of the Products in the Territory."),
    ("distrib", "antonym", "The Distributor is one of several authorized distributors of the Products in the "
                           "Territory."),
    ("lease", "antonym", "The Tenant may not assign the Lease unless it first notifies the Landlord in writing."),
    # a margin that "improved" where it declined; the whole of a cause where the source says most of it
    ("fin_4", "antonym", "Operating margin improved to 18.4% from 21.0% in the prior year."),
    ("fin_4", "added_qualifier", "Net revenue grew 12% to $4.1 billion in fiscal 2023, driven entirely by higher "
                                 "subscription volumes."),
    # a cap on liability lifted, or denied
    ("cap", "negation", "The Supplier's total liability under this Agreement shall exceed the fees paid in the "
                        "twelve months preceding the claim."),
    ("cap", "negation", "The Supplier's liability is not capped at the fees paid in the twelve months before the "
                        "claim."),
    # a duration without end for a stated period
    ("nda", "qualifier", "The Receiving Party must keep Confidential Information confidential indefinitely after "
                         "this Agreement is terminated."),
    ("license", "qualifier", "Licensor grants Licensee a perpetual, irrevocable licence to use the Software in the "
                             "Territory."),
    # certainty the source does not claim
    ("report", "qualifier", "The committee concluded that the new dispatch system undoubtedly improved response "
                            "times across the county."),
    # "neither party shall" is a prohibition: "either party may" permits what it forbids
    ("joint", "modal", "Either party may license a joint invention to a third party without the prior written "
                       "consent of the other party."),
    ("license", "modal", "Licensee is allowed to sublicense the Software to a third party."),
    ("nda", "modal", "The Receiving Party must disclose Confidential Information to its employees who need to know "
                     "it, provided that they are bound by written confidentiality obligations."),
    ("employ", "modal", "The Company is required to terminate the Employee's employment for Cause at any time "
                        "without notice."),
    ("employ", "modal", "Upon a termination without Cause, the Company may pay the Employee severance of six months "
                        "of base salary."),
    ("lease", "modal", "The Landlord must enter the Premises after giving the Tenant at least 24 hours' written notice."),
    # quantifiers
    ("nda", "quantifier", "The Receiving Party must hold some Confidential Information in strict confidence."),
    ("license", "quantifier", "Some improvements made by Licensee are owned by Licensor."),
    ("news_2", "quantifier", "Acme said it plans to keep Beta's headquarters in Austin and retain some of its "
                             "2,100 employees."),
    ("lease", "quantifier", "The Landlord may enter the Premises after giving the Tenant at most 24 hours' written notice."),
    ("nda", "quantifier", "The Receiving Party may disclose Confidential Information to all of its employees, "
                          "provided that they are bound by written confidentiality obligations."),
    ("lease", "quantifier", "The Tenant shall pay monthly rent of $2,400 on the first day of some months."),
    ("license", "quantifier", "Licensee may not sublicense the Software to certain third parties."),
    # direction and antonyms
    ("fin_1", "antonym", "Revenue fell 12 percent to 4.1 billion dollars"),
    ("fin_1", "antonym", "Operating margin improved to 18.5% from 21.0% a year earlier."),
    ("fin_2", "antonym", "Gross profit increased by $14.2 million, mainly because of lower volumes in the "
                         "Industrial segment."),
    ("fin_2", "antonym", "Foreign exchange movements added 3 percentage points to reported sales."),
    ("news_1", "antonym", "The city council voted 7-2 on Tuesday to reject the new transit plan."),
    ("news_2", "antonym", "Shares of Beta fell 24% in early trading, while Acme gained 3%."),
    ("news_2", "antonym", "Acme Corp. agreed to sell Beta Systems for $3.5 billion in cash, the companies said Monday."),
    ("sci_1", "antonym", "In the randomized trial the new drug increased the risk of stroke by 25% compared with placebo."),
    ("sci_2", "antonym", "Water boils at 100 °C at sea level, and at higher temperatures at higher altitudes."),
    ("sci_2", "antonym", "Enzyme activity fell tenfold as the temperature rose from 20 °C to 37 °C."),
    ("fin_2", "antonym", "The Group's net debt of £1.8 billion at 31 December 2022 was above its £2.5 billion "
                         "covenant limit."),
    ("lease", "antonym", "The Landlord may enter the Premises only before giving the Tenant at least 24 hours' "
                         "written notice."),
    ("news_1", "antonym", "The council approved an amendment that delayed the vote until after the November election."),
    # dropped condition or exception
    ("lease", "dropped_exception", "The security deposit shall be returned in full within 30 days after the term ends."),
    ("license", "dropped_condition", "Either party may terminate this Agreement on sixty days' written notice."),
    ("nda", "dropped_condition", "The Receiving Party may share Confidential Information with its employees who need "
                                 "to know it."),
    ("news_2", "dropped_condition", "The deal will close in the second half of the year."),
    ("employ", "dropped_condition", "On any termination, the Company shall pay the Employee severance equal to six "
                                    "months of base salary."),
    ("lease", "dropped_condition", "The Tenant may not assign this Lease or sublet the Premises."),
    # roles reversed
    ("license", "role_reversal", "Licensee grants Licensor a non-exclusive, non-transferable license to use the "
                                 "Software in the Territory."),
    ("sci_3", "role_reversal", "Hallucinations reduce retrieval-augmented generation in question answering."),
    ("news_3", "role_reversal", "The Panthers defeated the Broncos 24–10 to earn their third Super Bowl title."),
    ("news_2", "role_reversal", "Beta Systems agreed to buy Acme Corp. for $3.5 billion in cash, the companies "
                                "announced on Monday."),
    # one noun swapped in a short sentence
    ("sci_2", "noun_swap", "The sun is a dog."),
    ("sci_2", "noun_swap", "The Moon is a natural satellite of Mars."),
    ("sci_3", "noun_swap", "Protein X functions as a transcription factor in kidney cells."),
    # signs and relations
    ("signs", "sign", "The net position changed by +500 units over the period."),
    ("signs", "sign", "The model is valid only for x ≥ 5."),
    ("signs", "sign", "The difference was significant (p > 0.05)."),
    ("signs", "sign", "In this notation a ≠ b holds for every pair."),
    ("signs", "sign", "The gauge has a tolerance of +0.3 mm."),
    ("signs", "sign", "Signals travel A ← B along the bus."),
    # a diacritic that makes another word; a superscript exponent
    ("german", "diacritic", "Das Wetter war schon, und die Kinder spielten im Garten."),
    ("german", "diacritic", "Der Zug war schön abgefahren, als wir ankamen."),
    ("sci_2", "exponent", "The sample was diluted by a factor of 106 before counting."),
    # an added claim or qualifier
    ("fin_2", "added_qualifier", "Selling, general and administrative expenses were fairly flat compared with the "
                                 "prior year."),
    ("fin_1", "added_claim", "Revenue increased by 12% to $4.1 billion in 2023, driven by higher subscription sales in "
                             "North America and Europe."),
    ("news_1", "added_claim", "The plan adds 14 bus routes, extends light-rail service to the airport by 2028 and "
                              "cuts fares in half."),
    ("sci_1", "added_qualifier", "The authors concluded that the drug is safe and effective in high-risk patients."),
    ("news_2", "added_claim", "Acme said it plans to keep Beta's headquarters in Austin, retain all 2,100 employees "
                              "and hire 500 more."),
    ("employ", "added_claim", "The Employee is entitled to twenty days of paid vacation per calendar year, plus a "
                              "$10,000 annual bonus."),
    ("sci_1", "added_qualifier", "The new drug sharply reduced the risk of stroke in all patients, including the "
                                 "low-risk subgroup."),
    # done together for done apart; a negating "un-" for the plain word; "alone" for "both"
    ("history", "antonym", "The first commercially viable process for making liquid nitrogen was jointly developed in "
                           "1895 by a German engineer and a British engineer."),
    ("history", "negation", "Most European countries have now banned the practice, and it is also unlawful in the "
                            "United States."),
    ("history", "quantifier", "It is within the power of the federal government alone to regulate schools."),
    # a percentage for percentage points; a bill vetoed for a bill signed
    ("fin_1", "number", "Revenue rose 12 percentage points to $4.1 billion in 2023."),
    ("city", "antonym", "The mayor said he would veto the measure."),
    # an exhibit the source does not name ("A through F" for "A, B, C and D")
    ("defs", "number", '"Agreement" means this Supply Agreement, including Exhibits A through F attached hereto.'),
    # a link told as a cause; men for women (an irregular plural); approval still to come told as given
    ("cohort", "antonym", "High adherence to the diet reduced the risk of cardiovascular events by 28%."),
    ("cohort", "antonym", "The association was weaker in men and was not observed in patients with hypertension."),
    ("deal", "modal", "The deal, which has already been approved by regulators, is expected to close next year."),
    # the whole for a part; a deadline counted from the signing for one counted from the end
    ("sublet", "quantifier", "With the Landlord's written approval, the Tenant is permitted to sublet the entire Premises."),
    ("sublet", "antonym", "The deposit is kept in a separate interest-bearing account and returned within thirty days "
                          "after the Lease is signed."),
    # data sold for data shared; personal data for de-identified data; a rule's threshold dropped
    ("privacy", "antonym", "We may sell aggregated, de-identified data to research partners."),
    ("privacy", "antonym", "We may share your personal data with research partners."),
    ("rule", "dropped_condition", "Operators must report any incident involving ammonia within 24 hours."),
    # a dose without food for one with food; a daily amount for a dose taken twice a day
    ("label", "antonym", "The recommended dose for adults is 500 mg twice daily, taken on an empty stomach."),
    ("label", "number", "Adults may take up to 500 mg a day."),
    # ahead for behind
    ("table", "antonym", "The victory moves United up to fifth, two points ahead of Arsenal with ten games to go."),
    # a period counted from the start of a contract for one counted from its end
    ("survival", "antonym", "These confidentiality duties last for five years after the effective date of the Agreement."),
    # an item added to a list the passage gives
    ("expense", "added_claim", "In no event shall either party be liable to the other for special, consequential or "
                               "punitive damages."),
    ("expense", "added_claim", "Neither party will be liable to the other for special, consequential or punitive "
                               "damages."),
    # a claim of two words appended to a passage the quote keeps ("after a whistleblower complaint")
    ("press", "added_claim", "The bank was fined $12 million by the regulator on Monday after a whistleblower complaint."),
    ("clinic", "added_claim", "An experienced investigator examined each adverse event before the interim analysis."),
    # a restatement that brings an event of its own (people, a place, an act the passage never names)
    ("council", "added_claim", "The council delayed the stadium project by six months after angry protesters "
                               "flooded the marble hall with petitions and banners."),
    # "neither … nor" is one negation, and dropping it flips the claim
    ("council", "negation", "The mayor opposed the motion."),
    # invented defined terms, titles, clauses: unsupported
    ("license", "invented", "The Joint IP Ownership Committee shall meet quarterly to review the royalty reports."),
    ("sci_1", "invented", "As the authors' follow-up paper \"Long-Term Outcomes of Stroke Prevention in Low-Risk "
                          "Cohorts\" reports, the benefit persisted for five years."),
    ("lease", "invented", "The Tenant Improvement Allowance of $15,000 shall be credited against the first month's rent."),
    ("news_1", "invented", "The Regional Transit Equity Fund will cover half of the plan's cost."),
    ("fin_1", "invented", "The Project Horizon cost-savings program contributed $85 million to operating income."),
    # the whole for the part ("six" for "five out of six"), a refusal dropped
    ("incident", "number", "On the bus, six passengers suffered injuries from broken glass and went to hospital."),
    ("incident", "number", "Until noon, the airport's three runways stayed shut."),
    # a right freed of its notice period; one end of a contract for the other
    ("term", "added_qualifier", "Either party is allowed to end this Agreement at any time by written notice to the "
                                "other party."),
    ("term", "added_qualifier", "Each party can terminate the Agreement for any reason by giving written notice."),
    ("term", "antonym", "When this Agreement is terminated, the Licensee has to give back every copy of the Software "
                        "to the Licensor."),
    # another weekday or season, a time to come for a time past
    ("build", "number", "On Monday the city council voted to push back the stadium project by six months."),
    ("build", "number", "Apex Holdings said construction would resume next autumn."),
    ("build", "antonym", "Apex Holdings said construction resumed last spring."),
    # the two sides of a contrast swapped; another standard of effort; joint liability dropped; a
    # forecast raised for one kept, estimates missed for estimates beaten
    ("trial", "role_reversal", "The effect appeared in women but not in men."),
    ("duty", "modal", "The Supplier must use its best efforts to deliver the Products by the Delivery Date."),
    ("duty", "quantifier", "The Parties are severally liable for the Section 4 obligations."),
    ("earn", "antonym", "Quarterly earnings of $1.12 a share missed analysts' estimates of $1.05."),
    ("earn", "antonym", "The company raised its full-year revenue guidance to $9.8 billion."),
    # the passage restated, then a claim of its own appended
    ("council", "added_claim", "Council members said engineers would get time to review the soil reports thanks to "
                               "the delay, easing flood fears."),
    ("earn", "added_claim", "A new share buyback of up to $500 million was also authorised by the board, signalling "
                            "investor confidence."),
    # a hint told as a proof, preliminary data as final
    ("sci_4", "antonym", "The study demonstrated that moderate exercise may improve how well older adults sleep."),
    ("sci_4", "antonym", "Final data from the second cohort are pointing in the same direction."),
    # an event to come told as one that happened
    ("build", "modal", "Apex Holdings said construction resumed in the spring."),
    ("earn", "modal", "According to the company, its chief executive stepped down when the year ended."),
    # another year than the passage's, the newest for the older, a lack for enough, profit and loss crossed
    ("results", "number", "The company plans to cut about 400 jobs by the end of this year, mostly in European "
                          "sales offices."),
    ("results", "antonym", "Revenue dropped 8% to $310 million because demand for its newest handsets weakened."),
    ("results", "negation", "The CFO warned that the company lacked the cash to fund operations through 2026."),
    ("results", "antonym", "The company posted a quarterly net profit of $45 million, compared with a loss of "
                           "$12 million a year earlier."),
    # a negating prefix dropped or added ("revocable" for "irrevocable")
    ("grant", "negation", "The Licensor gives the Licensee a perpetual but revocable right to use the Marks in the "
                          "Territory."),
    ("grant", "negation", "An assignment that is made without consent will be valid."),
    # an exception dropped ("with one exception")
    ("expert", "dropped_exception", "The insured's account is fully consistent with the physical evidence."),
    # two names of a longer list given as if they were all of it
    ("film", "quantifier", "The 1972 TV horror film, directed by John Llewellyn Moxey, starred Sally Field and "
                           "Eleanor Parker."),
    # a report told as a fact; a name spelled one letter otherwise
    ("plant", "added_qualifier", "Paraxylene, a carcinogenic chemical used in polyester films, is produced at the plant."),
    ("plant", "name", "The new manager came to the company last summer as deputy to Allan Johnson, who used to "
                      "direct the plant."),
    ("plant_lc", "name", "The new manager came to the company last summer as deputy to Allan Johnson, who used to "
                         "direct the plant."),
    # "two" as a count where the passage counts something else
    ("incident", "number", "Broken glass hurt two passengers on the bus, who were then taken to hospital."),
    # a ranking the passage does not make
    ("results", "added_qualifier", "The company reported its largest quarterly net loss, $45 million, against a profit "
                                   "of $12 million a year before."),
    # a bound from the other side of the same figure
    ("term", "number", "The Licensee has to carry liability cover of up to $2,000,000 per occurrence."),
    # a name the source has in another sentence, put where the passage has another one
    ("bio", "name", "In 1891 she enrolled at the university in Warsaw, where she met the physicist Pierre Curie."),
    # two names that trade clauses
    ("wind", "order", "Northwind Turbines and the Harbour Authority share the cost of the grid connection, while "
                      "Brightline Energy supplies the turbines for the offshore farm."),
    # the same speaker, words the source does not give her
    ("press", "speech", "\"We will appeal the fine because the findings are wrong,\" said Ana Ruiz, the bank's head "
                        "of compliance."),
    # a name of the passage put in another of its slots as well (the quote has it twice, the passage once)
    ("film", "name", "The 1972 TV horror movie Home for the Holidays was directed by Sally Field and starred Sally "
                     "Field, Eleanor Parker, Julie Harris, Jessica Walter and Walter Brennan."),
    ("incident", "negation", "Compensation for the passengers whose flights were delayed was approved by the airline."),
    # an antonym of WordNet's outside the curated opposite groups, in the aligned place of the passage's word
    ("clinic", "antonym", "Adults with acute kidney disease who were not yet on dialysis took part in the trial."),
    ("clinic", "antonym", "Biopsies showed a malignant tumour in 14 of the 16 cases."),
    ("clinic", "antonym", "Every adverse event was reviewed by a junior investigator."),
    ("trade", "antonym", "The distributor purchases the products at retail prices and sells them on to shops in the region."),
    # round 2, twelfth stop (handwritten_tune2.json's kinds, own text)
    ("recall", "negation", "Patients should stop taking the tablets and talk to their doctor."),
    ("vote", "qualifier", "The committee unanimously agreed to lower the rate by 0.25 percentage points, to 4.5%."),
    ("vote", "qualifier", "Subscription sales rose a record 27% to $1.9 billion."),
    ("vote", "qualifier", "The compound showed substantial activity in the first cohort."),
    ("reserve", "number", "The reserve spans 5,000 square miles, 3,000 of them forested."),
    ("neither", "negation", "Either party may assign this Agreement without the other party's written consent."),
    ("neither", "negation", "able to guarantee delivery dates during the holiday season"),
    ("hazard", "qualifier", "The substance causes genetic defects."),
    ("hazard", "qualifier", "Officials said a faulty valve was the source of the leak."),
    ("hazard", "negation", "An injury has been reported, and spills like this can suddenly cause burns."),
    ("hazard", "modal", "The operator closed the plant."),
    ("hazard", "number", "The review lasted about 6.0 months."),
    ("storm", "number", "At least 41 schools were damaged by the storm."),
    ("storm", "connective", "Each club may name one extra player for the cup, provided it has not named a full squad."),
    ("payout", "number", "The board approved a $0.40 dividend, payable on February 27 to holders of record on March 15."),
    ("trial2", "content", "this open-label, randomised phase 2 study"),
    ("finding", "qualifier", "These results show that the drug is a useful option for older adults."),
    ("finding", "modal", "The outlook excludes the purchase of Brightline, which closed after approval by regulators."),
    ("trial2", "content", "All runs used nucleus sampling."),
    ("trial2", "content", "The recall is being conducted at the request of the regulator."),
    ("audit", "negation", "The Consultant shall return no Company Property at the request of the Company."),
    ("prices", "number", "Liability for lost cargo is capped at $4.41 per pound."),
    ("rates", "number", "above its target range of 140%-180%"),
    ("rates", "number", "Hotel costs are reimbursed up to £160 a week in Leeds."),
    ("rates", "number", "Within 40 days of the approval, the Buyer will pay a one-time fee to the Seller."),
    ("freedoms", "modal", "The Distributor may not buy similar products from suppliers other than the Supplier."),
    ("freedoms", "negation", "Apart from claims arising from a breach of confidentiality, either party is liable for "
                             "indirect or consequential damages."),
    ("freedoms", "role_reversal", "Subject to Velora's right of first refusal, Harwick may offer the unsold stock to "
                                  "other buyers."),
    ("freedoms", "party", "Either party may terminate this Agreement on ninety days' written notice."),
    # the same, restated (the semantic stage's passage, not a close copy)
    ("freedoms", "role_reversal", "Harwick can sell leftover stock to other purchasers once Velora's right of first "
                                  "refusal has been respected."),
    ("freedoms", "party", "Either party can end the Agreement by giving ninety days' notice in writing."),
    # a limit left out ("in part", an estimate), a participle's negating prefix, an antonym in place
    ("limits", "added_qualifier", "The appeals court affirmed the judgment of the lower court."),
    ("limits", "added_qualifier", "There are 390 billion trees in the basin."),
    ("limits", "negation", "The Seller received 3,000,000 registered shares."),
    ("limits", "antonym", "the AKS test is always correct and fast enough to be practical"),
    # two parties trading places in a copy; a part told as the whole; work under way told as done
    ("duties", "role_reversal", "Upon such termination, BRIGHTWATER HOLDINGS shall be required to repay the CONSULTANT "
                                "for that period of the Agreement not performed by the CONSULTANT."),
    ("duties", "number", "All three of the club's goalkeepers were selected for the national squad."),
    ("duties", "modal", "Repairs to the north bridge have been completed."),
    # an opinion told as a finding; a step still considered told as taken
    ("opinions", "added_qualifier", "Historians like Mary Hale have shown that the guild system goes back to Ghent."),
    ("opinions", "modal", "The council has asked the ombudsman for a review."),
    ("opinions", "dropped_condition", "Tenants are allowed to keep a cat, while dogs are not."),
    ("forms", "number", "The Board declared a quarterly dividend of 30 cents per share."),
    ("forms", "party", "HPS will pay a commission to SHPS equal to five percent (5%) of such amount."),
    # a hedge dropped ("perhaps"), what would have happened told as done, a significance the source does not report
    ("history2", "added_qualifier", "The plague killed 40,000 people in Paris in 1466."),
    ("history2", "modal", "The network was renamed ABC-DuMont for five years."),
    ("history2", "added_qualifier", "Obesity prevalence at 18 months was significantly lower with the programme "
                                    "(14.1% versus 16.3%)."),
    ("forms", "number", "Children aged 3 months to 12 years (weighing under 50 kg) take 25 mg/kg/day."),
    ("forms", "number", "Median progression-free survival was 3.9 months and median overall survival 9.1 months."),
    # words dropped where dropping them widens the claim: what "all" or "no" ranges over, an item of
    # what "only" names, a part of a condition
    ("widened", "quantifier", "The harbour was shut to all shipping on Monday after a tanker lost power."),
    ("widened", "quantifier", "Only the finance director may sign cheques above £5,000."),
    ("widened", "dropped_condition", "Guests may bring food onto the site where the food is sealed."),
    ("widened", "quantifier", "At six weeks there was no difference in pain scores between the two groups."),
    ("widened", "quantifier", "Every employee receives a parking permit."),
    ("widened", "quantifier", "Under the policy, every employee receives a parking permit."),
    # an item, a party or an act joined by "and" or "or" that the passage does not name
    ("widened", "added_claim", "Members of the police, the armed forces and the clergy are barred from sitting on the "
                               "council."),
    ("widened", "added_claim", "Any employee, contractor, agency worker or former employee who reasonably believes "
                               "wrongdoing has occurred may raise a concern."),
    # two parties in the other order, both texts in the passive
    ("widened", "role_reversal", "The tram network is run by the Nexus authority on behalf of Tynelink."),
    # two words that trade places, the words between them the same
    ("widened", "role_reversal", "In 2019 the board picked Dana Reyes to be secretary while Tom Hale remained its "
                                 "treasurer"),
    # a fraction of more than one part is a figure
    ("widened", "number", "About two-thirds of members supported the motion"),
    # one party's duty told as both parties'
    ("widened", "party", "Neither party may assign or transfer its rights under the Agreement without the Supplier's "
                         "prior written consent."),
    # at once, where the passage sets a notice period first
    ("widened", "added_qualifier", "Either party may end the Agreement immediately for a material breach by the other "
                                   "party."),
    # a forecast told as a certainty
    ("widened", "added_qualifier", "Average yearly water bills will reach £560 by 2030."),
    # no exception, where the passage claims none
    ("widened", "added_qualifier", "The Company does not make facilitation payments under any circumstances."),
    # a claim the passage rejects, asserted
    ("widened", "negation", "The jury found that the delay was deliberate."),
    # a floor for a ceiling, the figures in other words
    ("widened", "number", "The Supplier must carry product liability cover of at most $1 million per occurrence and "
                          "$2 million in aggregate."),
    ("widened", "negation", "If written approval is not given within five business days of receipt, the usage is "
                            "treated as approved."),
    # a part of a condition after a comma and "and", left out
    ("widened", "dropped_condition", "Under the contract, the Contractor need not send staff to the site if severe "
                                     "storms are forecast in the region."),
    # antonyms as the first parts of two compounds
    ("widened", "antonym", "In older adults low-dose aspirin seems to reduce the long-term risk of stroke."),
    # "from A to B" as "from B to A"
    ("widened", "role_reversal", "The reformer shifted his attack from the doctrines of the Church to popular pieties "
                                 "such as pilgrimages."),
    # a proof for what is only acknowledged
    ("widened", "antonym", "Since then general relativity has been proven as the theory that best accounts for "
                           "gravity."),
    # two words that trade places across more than a copula
    ("widened", "role_reversal", "He condemned as idolatry the notion that the mass is a gift, asserting instead that "
                                 "it is a sacrifice"),
    # a forecast in the active voice, told as a certainty
    ("widened", "added_qualifier", "According to the chief executive, operating margins will recover gradually over "
                                   "2025."),
    # a proof for what is only consistent with it
    ("widened", "antonym", "The damage to the olive proves that the fitting was over-tightened when it was installed."),
    # a name with a possessive in it, in the passage's name's slot
    ("widened", "name", "The agreement is to be governed by and interpreted under the laws of the People's Republic of "
                        "China."),
    # two negations of one claim, dropped together
    ("widened", "negation", "The Tribunal found that the employer knew of the disability at the time."),
    # a claim appended where the quote drops only a time
    ("widened", "added_claim", "Also missing is Al Larsen, 31, of Fort Worth, who was in another car swept off the "
                               "turnpike."),
    # a limit in a clause of its own after ", and" is still the claim's (reading ", and" as a clause
    # break, as "; " and ", but" are, was tried and lost it)
    ("widened", "dropped_condition", "The Tenant is allowed to sublet part of the Premises."),
    # "not of itself", "not necessarily" dropped with the negation kept: a wider denial
    ("widened", "added_qualifier", "a leak is a known complication of the operation, and when one occurs it does not "
                                   "indicate substandard care"),
    # another standard for giving consent, or one the passage does not set
    ("widened", "modal", "The Licensee cannot assign the Agreement without the Licensor's prior written consent, which "
                         "may not be unreasonably withheld."),
    ("widened", "added_qualifier", "The Distributor cannot assign or transfer its rights under the Agreement without the "
                                   "Supplier's prior written consent, which is not to be unreasonably withheld."),
    # "in the event that ..." sets a condition as "if" does; a restatement without it drops the condition
    ("kindred", "dropped_condition", "The Licensor will reasonably cooperate with the Licensee in those proceedings, and "
                                     "the Licensee must reimburse the Licensor for all reasonable costs it incurs as a "
                                     "result."),
    # a scope the passage does not give, an outcome turned round
    ("kindred", "added_qualifier", "Royalties are 5% of Net Sales of Licensed Products worldwide."),
    ("kindred", "added_qualifier", "Alkylating agents suppress the immune response by selectively killing activated B "
                                   "cells."),
    ("kindred", "antonym", "The race discrimination claim succeeded."),
    # the subjects of two clauses trade places, though the second clause names both
    ("kindred", "role_reversal", "Ashby shall act as lead contractor on any bid and Northgate shall have a right to "
                                 "join such bid as a subcontractor."),
    # "fails to use" told as using
    ("kindred", "negation", "If the Distributor has used commercially reasonable efforts to sell the Products, the "
                            "Supplier can terminate."),
    # "subject to" left out ("under" restates it, "in" does not)
    ("kindred", "dropped_condition", "They may share your data with their payment processors, which keep it "
                                     "confidential."),
    # what "would have been earned" told as earned (a future elsewhere in the quote changes nothing)
    ("kindred", "modal", "If the sum insured is less than 80 percent of the gross profit earned during the indemnity "
                         "period, the claim will be reduced proportionately."),
    # what is asked for told as given
    ("kindred", "modal", "The claimant is entitled to lost profit on the remaining 11 months of the term."),
    # ... but not another party's name
    ("aliases", "party", "Harrow isn't liable to Delta or any third party for injuries anyone suffers while filming an "
                         "episode."),
    # one phrase edited in an otherwise copied sentence
    ("kindred", "content", "The most detailed account came from the medical faculty in Paris in a report to the Pope "
                           "that blamed the stars."),
    ("kindred", "content", "Either Party may terminate this Agreement at any time prior to payment for the Product."),
    ("kindred", "content", "Harbourline must also commission an internal review of its debt-collection procedures and "
                           "submit the report to the Authority within six months."),
    # an item added to a list of short phrases
    ("kindred", "added_claim", "The Union has adopted measures in social policy areas including equal opportunity, "
                               "health and safety, public health, pensions and migrant workers."),
    # a bound of the figure left out ("the lesser of ... or ...")
    ("kindred", "qualifier", "Late payments carry interest of 1.5% per month."),
    # figures in brackets put after each other's names
    ("kindred", "number", "Common pipistrelle accounted for 68% of all recorded passes, followed by Leisler's bat "
                          "(19%) and soprano pipistrelle (7%)."),
    # ... and told the other way round
    ("kindred", "negation", "Peak-hour trains are affected too; the cuts mostly hit early-morning services."),
    # a proviso left out, and not restated with "but"
    ("kindred", "dropped_condition", "Either party can end the Agreement on 30 days' notice, which also ends any lease "
                                     "then in effect."),
    # two neighbouring sentences joined, the second told as its opposite
    ("kindred", "added_claim", "I have seen no evidence that the collapse of the level 5 slab was caused by "
                               "overloading, and the loading records confirm this."),
    # a modal of another class in an otherwise copied sentence
    ("kindred", "modal", "New partners must be admitted to the firm only with the unanimous consent of the existing "
                         "partners."),
    # a clause of the quote's own tacked onto a copied one with ", and"
    ("kindred", "added_claim", "Harbourline must also commission an independent audit of its debt-collection "
                               "procedures, and must publish the findings on its website."),
    ("housing", "added_claim", "Compared with tenants in private housing, residents who had lived in social housing for "
                               "ten years or more had a higher rate of hospital admission for asthma, and the landlords "
                               "were ordered to pay compensation to every family."),
    # another order of size without a figure; a clause tacked on after a short form of a name
    ("mixed", "number", "The lake's sediment cores hold a climate record going back several millions of years."),
    ("mixed", "added_claim", "We performed our review in accordance with the standards of the FRC, and our review "
                             "included an assessment of its payroll controls."),
    # two parallel clauses that keep their subjects and trade what they say
    ("mixed", "role_reversal", "Four trustees wanted a sale at auction, and two trustees wanted to keep the farm in "
                               "trust for the village."),
    # a part of a condition left out, where the word before it ends the part too ("defaults ... defaults")
    ("mixed", "dropped_condition", "If a Payment Default occurs, each Holder will have the option to require the Issuer "
                                   "to buy back its Notes at par."),
    # a projection told without the scenario it assumes
    ("mixed", "dropped_condition", "The model projects that summer river flow will fall by about 20% by the 2050s."),
    # an option told as a duty
    ("round37", "modal", "In 1998 residents of the estate were required to buy their flats at a discount"),
    # a negation dropped where an editor's note of the source says "not" ("[not in citation given]")
    ("round37", "negation", "The pump is a two-stage bypass design rated at 40 bar"),
    # one modal put for another of another class between shared words, the source's sentence holding both
    ("round37", "modal", "The licence shall remain in force for two years from signing, which shall be extended "
                         "automatically for a further year"),
    # two copied pieces joined in the other order than the source's, so the first one's time governs the second
    ("round37", "order", "After the reform of 1994 the guild's charter was revoked, and many members opened offices in "
                         "Lisbon."),
    # another quarter; another figure in millions of ounces
    ("round37", "number", "for Q3 2024 the group is guiding to revenue of between $210 million and $230 million"),
    ("round37", "number", "the deposit has an Indicated Resource of 12.6 Mt at 2.1 g/t gold, containing 0.58 Moz"),
    ("round37", "number", "the earlier schematic had no temperature units but seemed to show bigger swings over the "
                          "last hundred years"),
    # a cap left out; the absence of evidence told as evidence of absence
    ("round37", "dropped_qualifier", "the Carrier can change its fees for the coming year on thirty days' written notice"),
    ("round37", "negation", "The review found evidence that smoked ham does not contribute to the outbreak."),
    # a whole sentence copied, then an event or a party of the quote's own
    ("round37", "added_claim", "When the troops reached the ford on May 2, the captain allowed the rebels to cross after "
                               "a short battle."),
    ("round37", "added_claim", "The Board does not recommend any sanction against Mr. Hale or Mr. Brandt."),
    # a claim made on some of the evidence, told as a plain fact
    ("round37", "dropped_hedge", "Today, the harbour is the busiest in the region, with 40 berths in use"),
    # a duty to try told as a duty to succeed
    ("round37", "modal", "if an order is larger than the forecast, the Supplier must fill it"),
    # another event for a payment to run from
    ("round37", "added_claim", "within 45 days of the filing of the product with the Agency, the Company will pay a $2 "
                               "million milestone"),
    # a step being considered told as decided
    ("round37", "modal", "the union representing the fishermen announced that it would stage a strike over the quotas"),
    # a restriction dropped behind a condition word of the quote's own that says nothing of it
    ("round37", "dropped_condition", "staff may book premium economy for trips of four hours or longer, and business "
                                     "class when they want"),
    # a cause of the quote's own tacked onto a copied clause
    ("round37", "added_claim", "Warehouse stocks rose by 12,000 tonnes in March to their highest level since 2019, "
                               "driven by a surge in imports from Chile."),
    # the writer and the reader swapped: who refunds whom, who tells whom
    ("round38", "role_reversal", "you will refund the deposit to us within 30 days after the tenancy ends"),
    ("round38", "role_reversal", "we must give you our new address before we leave"),
    # an objection on any ground, where the passage names the ground
    ("round38", "added_qualifier", "the Customer may object to a new sub-processor on any grounds within fourteen days"),
    # a role the passage names in lower case, swapped for a defined party; a time of the next sentence's
    ("round38", "party", "if the Developer terminates the contract, then the Developer gets paid pro rata"),
    # an indirect antonym of WordNet (a synonym of "impermanent" against "permanent")
    ("round38", "antonym", "the exceedance is judged to be a moderate adverse, permanent effect"),
    # a step both parties take together, told as one party's
    ("round38", "party", "the Fee can be changed by the Agent in writing"),
    # a link told as a cause
    ("round38", "direction", "early mobilisation shortened the hospital stay"),
    # "rather than" that denies the other side
    ("round38", "role_reversal", "consumers should return the recalled kettle to the store rather than destroy it"),
    # a term (no figure) bounded from the other side
    ("round38", "direction", "the time the machine needs on each input of length n is more than f(n)"),
    # "only if" for "unless" with another condition, or another act
    ("round38", "antonym", "the Tenant may sublet the garage only if the Landlord objects in writing"),
    ("round38", "added_claim", "either Party may change its address only with the other Party's written consent"),
    # a floor for a cap, with the negation a word away from the bound
    ("round38", "number", "fees may not be less than $500 per month"),
    ("round38", "number", "fees can be at least $500 per month"),
    # a possibility told as a finding ("the possible benefit")
    ("round38", "dropped_hedge", "the benefit in younger patients needs confirmation"),
    # an open list told as the whole of it
    ("round38", "quantifier", "Essential services are namely financial services, health services and utility services."),
    ("round38", "number", "the ambulance arrived at 21:14, and the crew then waited 74 minutes at hospital before "
                          "handing Mr Reeve over"),
    # another period of a rate; one thing the passage names put in the place of another it names; "no" of a
    # thing the passage has "some" of (beside a negation of its own); a name with an initialism for another
    ("round39", "number", "the Consultant gets its service fees within ten days of the end of each quarter"),
    ("round39", "role_reversal", "In the event of a conflict between this Agreement and any Work Order, the terms of "
                                 "the Work Order shall control."),
    ("round39", "negation", "the panel concluded the neighbouring houses would suffer no loss of daylight"),
    ("round39", "name", "The petition cited the freedoms guaranteed in the U.S. Constitution to assemble and to speak."),
    # an attempt told as done; what ought to be done told as done; the event a period runs from, another one
    ("round39b", "dropped_hedge", "households' trust in their banks is what the index measures"),
    ("round39b", "direction", "in larger trials the safety benefit was confirmed, so the device can be adopted"),
    ("round39b", "trigger", "a notice takes effect three business days after it is delivered to the other party's address"),
    ("round39b", "trigger", "the tenant has to pay any shortfall within 14 days of receiving the invoice"),
    # one word put into a copy; a fixed rate for a variable one
    ("round39c", "added_qualifier", "blamed rising gas prices and cheap Turkish imports"),
    ("round39c", "added_qualifier", "We enrolled 12,400 female teachers aged 25 to 60 years"),
    ("round39c", "antonym", "early repayment charges are payable while the interest rate is variable"),
    ("round39c", "trigger", "the sponsor pays the fee within 30 days after the trial's approval"),
    ("round39c", "dropped_hedge", "the new satellite let the service carry 200 channels"),
    # a copy with one phrase put in the place of another that is no synonym of it
    ("round40", "noun_swap", "The Supplier may appoint additional distributors in the Territory with the Distributor's "
                             "consent."),
    ("round40", "noun_swap", "The gallery holds a finished version of the painting, made by Constable in 1821."),
    ("round40", "noun_swap", "Refunds are paid as store credit within ten business days of the return."),
    # a copy that leaves out a word or two limiting what it keeps
    ("round40", "party", "For the avoidance of doubt, LEA shall remain the owner of all right, title and interest "
                         "in and to the Derivative Works from inception."),
    # two such phrases in a closer copy, each an edit by itself
    ("round40", "noun_swap", "Veteran striker Ana Ruiz, a three-time league champion and World Cup winner, captained "
                             "the side."),
    ("round40", "noun_swap", "The clinic is staffed by salaried nurses and a resident dermatologist on weekdays."),
    ("round40", "dropped_condition", "The insurer shall pay the claimant's costs of the appeal."),
    ("round40", "dropped_condition", "A service fee of $2 is charged per user per transaction on the platform."),
    # a tax "included" where the source adds it on top
    ("round41", "antonym", "The Company will pay the Consultant $90,000 a year, inclusive of VAT and applicable taxes."),
    # a near copy's one or two edited places: a hedge left out with its comma ("purportedly"), not counting a
    # defined term's label left out after a bracketed figure, nor the quote's own closing full stop
    ("round41", "noun_swap", "The employee was dismissed on 3 May 2021 for gross misconduct arising from the proven "
                             "misuse of the client account funds held by the firm."),
    ("round41", "dropped_condition", "The Operator has estimated that the Works will cost TWO MILLION DOLLARS "
                                     "($2,000,000) for the first phase."),
    ("round41", "noun_swap", "The Service Charge shall not include the cost of repairing any structural defect in the "
                             "Building, nor any cost of insurance."),
    ("round41", "noun_swap", "Completing Q with respect to the absolute value yields the field of complex numbers, "
                             "while completing it with respect to the p-adic norm yields the field of p-adic numbers."),
    # ... a word put for its opposite, another figure, a name put in of its own
    ("round41", "antonym", "The Supplier may include on a statement, and the Buyer agrees to pay for any Goods "
                           "delivered within sixty (60) days after the date of the statement."),
    ("round41", "number", "No injuries have been reported; two stewards were hospitalised for smoke inhalation"),
    ("round41", "added_claim", "NBA (Denver Nuggets, Utah Jazz); and MLS (Sporting Kansas City, Real Salt Lake)"),
    # a hedge left out: how things appear told as how they are; a forecast told as certain ("cancellations"
    # keeps no doubt, though it starts with "can")
    ("round41", "dropped_hedge", "Underlying output growth has remained at 0.4 per cent per quarter."),
    ("round41", "dropped_hedge", "A work-to-rule, which the union says will continue until the end of the season, "
                                 "will cause further cancellations on weekend services."),
    ("round41", "negation", "Mr Hale admitted in cross-examination that he interviewed the two night managers who, "
                            "according to the claimant, had approved the disputed hours, and reviewed the door entry logs"),
    # "may be considered" is a weak recommendation, not a strong one
    ("round41", "dropped_hedge", "For adults with a score of 2, anticoagulation is recommended after shared "
                                 "decision-making that weighs the patient's stroke risk and preferences"),
    # the other party of a pair ("-ee" for "-or"), not the same word in another form
    ("round41", "party", "Member agrees to pay all court costs and reasonable attorney's fees the Transferee incurs in "
                         "obtaining specific performance of this covenant"),
    # a bound told as an exact amount ("a single" for "at least one (1)")
    ("round41", "quantifier", "Throughout the Term, the Licensor shall designate a single staff member to provide the "
                              "Distributor with all reasonably necessary assistance and support relating to its "
                              "obligations"),
    # two edited places in a close copy, one of them with a joining word in it ("the gutters and downpipes")
    ("round41", "noun_swap", "We recommend that a roofing contractor replaces the roof within the next two months, "
                             "before the winter, to prevent further damp penetration."),
    # ... a bound word is no mere link ("more than" for "roughly"), nor is an alternative left out ("or low cost")
    ("round41", "quantifier", "The fire forced the evacuation of more than 2,400 residents and destroyed 9 homes, fire "
                              "officials said on Tuesday."),
    ("round41", "noun_swap", "Charities in the city are known for providing shelters, free legal clinics and housing "
                             "assistance to families from out of town."),
    # a duty told as a right is no restriction restated, "only" or not
    ("round41", "modal", "The Reseller may promote the Products only in the Territory."),
    # "unless" restates only a negated "if": "if the operators withdrew" it is not
    ("round41", "dropped_condition", "the union warned that more stoppages could follow unless the operators "
                                     "announced their plans for automated cranes"),
    # the 42nd stop: a negation dropped with no opposite to carry it; a possibility told as a prediction or as
    # likely
    ("round42", "negation", "In 2017, 3.2 million outstanding stock options were included in the computation of diluted "
                            "earnings per share because their exercise prices exceeded the average market price of the "
                            "common shares."),
    ("round42", "dropped_hedge", "Port officials said that each day of the stoppage would delay 40,000 containers."),
    ("round42", "dropped_hedge", "Retailers said shortages of imported goods were likely if the strike went on for more "
                                 "than a week."),
    # a cap told as the amount
    ("round42", "quantifier", "The Board also unveiled a share buyback of £40 million, which is to be completed by 31 "
                              "March 2025."),
    # two edited places in a copy 84 % alike; an aim told as a duty; the words of a group given to a named speaker
    ("round42", "antonym", "We currently expect that gross profit percentage will improve in the future, based on "
                           "changes in product mix, average selling prices, and average manufacturing costs."),
    ("round42", "modal", "The Company shall produce one hundred million watt-hours per year with annual sales of sixty "
                         "million dollars."),
    ("round42", "party", "Governor Andrew Bailey said the shift in tone made a June cut more likely, although a strong "
                         "wage figure next month could delay any move until August."),
    # two figures trading what they measure; a trial's control arm told as its treated arm
    ("round42b", "number", "Net cash provided by operating activities decreased $477 million in 2019, driven by an "
                           "increase in interest payments on debt of approximately $346 million and an increase in cash "
                           "income tax payments of $300 million."),
    ("round42b", "party", "Overall, 23% of participants were lost to follow-up, more of them in the app group; those lost "
                          "were counted as smokers."),
    # the first years of a term told as the whole term
    ("round42b", "dropped_condition", "Throughout the Term of this Agreement Eutectix shall supply alloy raw materials "
                                      "without cost."),
    # what the passage sets aside with "rather than", told as what holds
    ("round42b", "antonym", "Judge Helen Marsh said the company had acted deliberately, and criticised it for failing to "
                            "act on alarm warnings."),
    # advice told as a duty; a possibility ("could be delayed") told as what will happen; a reversing prefix dropped
    ("round42b", "modal", "Rising damp was found on the ground-floor party wall, and a specialist damp survey must be "
                          "obtained before contracts are exchanged."),
    ("round42b", "dropped_hedge", "A university spokesperson said there were contingency plans but admitted that some "
                                  "assessments would be delayed."),
    ("round42b", "antonym", "On 18 October 2018 the three leases were recognised on acquisition."),
    # a link told as a cause, where the passage names the effect with an article ("a reduced risk")
    ("round42b", "direction", "Getting the vaccine reduced the risk of severe dehydration among the cases studied."),
    # a place put where the passage names others, between the same words ("at our …, Ohio offices")
    ("round44", "name", "Orientation lasts two weeks and is held at our Denver, Colorado offices."),
    # a qualifier of the quote's own put on a whole sentence copied
    ("round44", "added_qualifier", "In the case of a force majeure event, the Distributor will not be responsible for "
                                   "payment of any royalty accrued in the case of such event."),
    ("round44", "added_qualifier", "In the case of a force majeure event, the Distributor will not be responsible for "
                                   "payment of any royalty withheld by the Distributor."),
    # the same amount in another currency, by its name or its code; another season
    ("round45", "number", "Charterers pay demurrage of 18,500 euros a day, pro rata for part days."),
    ("round45", "number", "Charterers pay demurrage of EUR 18,500 a day, pro rata for part days."),
    ("round45", "number", "Ashford lost £18.4m in the 2022/24 season, its fifth loss in a row."),
    ("round45", "number", "Construction traffic is restricted by the conditions to the hours of 8am to 8pm on weekdays."),
]


@pytest.mark.slow
@pytest.mark.parametrize(("source_key", "kind", "quote"), FLIPS, ids=[f"{k}-{i}" for i, (_, k, _q) in enumerate(FLIPS)])
def test_meaning_flip_is_never_passed(verifier: Verifier, source_key: str, kind: str, quote: str) -> None:
    r = verify_one(verifier, source_key, quote)
    assert r.verdict not in PASSED_ON, f"{kind}: {quote!r} came out {r.verdict.value}"
    if kind == "invented":
        assert r.verdict is Verdict.UNSUPPORTED, f"invented content must be unsupported, got {r.verdict.value}"


@pytest.mark.slow
def test_the_reask_feedback_says_what_a_restatement_adds_or_leaves_out(verifier: Verifier) -> None:
    from quote_guard.guard.messages import describe_differences

    added = verify_one(verifier, "council", "The council delayed the stadium project by six months after angry "
                                            "protesters flooded the marble hall with petitions and banners.")
    assert added.verdict is Verdict.ALTERED and added.spans
    said = describe_differences(added)
    assert said.startswith("the quote adds “") and "protesters" in said and said.endswith("(added)"), said
    dropped = verify_one(verifier, "council", "The mayor opposed the motion.")
    assert describe_differences(dropped) == "the quote leaves out “neither nor” (negation)"


def test_flip_table_covers_every_category() -> None:
    kinds = {k for _, k, _q in FLIPS}
    assert len(FLIPS) >= 80
    assert {"negation", "number", "party", "pronoun", "name", "modal", "quantifier", "antonym", "dropped_condition",
            "dropped_exception", "role_reversal", "noun_swap", "sign", "diacritic", "exponent", "added_claim",
            "added_qualifier", "invented"} <= kinds
    assert {s for s, _k, _q in FLIPS} >= {"lease", "license", "fin_1", "news_1", "sci_1"}  # legal, finance, news, science


# --------------------------------------------------------------------------- 2. true paraphrases
# (source, quote, allowed verdicts). Every load-bearing element is kept; only wording changes,
# or information is dropped.
PARA = {Verdict.PARAPHRASE}
TRUE_PARAPHRASES: list[tuple[str, str, set[Verdict]]] = [
    # a negated restraint is a freedom; a "non-" word left out whole; "apart from" for "except"
    ("freedoms", "The Distributor is free to buy similar products from suppliers other than the Supplier.", PARA),
    ("freedoms", "Harwick Labs was set up in 1971 to research the region's water quality.", PARA),
    ("freedoms", "Apart from claims arising from a breach of confidentiality, neither party is liable for indirect or "
                 "consequential damages.", PARA),
    ("freedoms", "The Licensee is allowed to put the Marks on any materials, such as brochures and websites.", PARA),
    ("limits", "The contract cannot be assigned without the Bank's written consent.", PARA),
    ("duties", "The Officer must notify the regulator without undue delay and, where feasible, within 72 hours of "
               "becoming aware of the breach.", PARA),
    ("opinions", "The service fees come to NTD 12 million in total, payable in three stages.", PARA),
    ("opinions", "Crews are hoping to refloat the barge on Friday.", PARA),
    ("forms", "Each month ESSI pays $10,000, which covers fees for posts among other things.", PARA),
    ("forms", "Half of the purchase price is due before shipment.", PARA),
    ("history2", "Night workers had a higher risk, and the association stayed significant after adjusting for body "
                 "mass index.", PARA),
    ("opinions", "Neither party's liability will exceed twice the fees paid under this Agreement.",
     {Verdict.PARAPHRASE, Verdict.NEAR_VERBATIM}),
    ("duties", "Unless agreed otherwise, all dollar amounts referred to herein are in US dollars.",
     {Verdict.PARAPHRASE, Verdict.NEAR_VERBATIM}),
    ("limits", "An estimated 390 billion trees grow in the basin.", PARA),
    ("freedoms", "Velora can sell the unsold stock to other buyers, subject to Harwick's right of first refusal.",
     {Verdict.PARAPHRASE, Verdict.NEAR_VERBATIM}),
    ("lease", "The Tenant needs the Landlord's written approval before assigning the lease", PARA),
    ("lease", "Monthly rent of $2,400 is payable by the Tenant on the first day of every month.", PARA),
    ("lease", "The Landlord can come into the Premises only after giving the Tenant at least 24 hours' written notice.",
     PARA),
    ("lease", "The lease term begins on March 1, 2024 and finishes on February 28, 2027.", PARA),
    ("license", "Licensor grants Licensee a non-exclusive and non-transferable licence to use the Software within the "
                "Territory.", PARA),
    ("license", "Licensee must pay Licensor royalties of 5% of Net Sales within forty-five days of the end of each "
                "calendar quarter.", PARA),
    ("license", "Licensee is not allowed to sublicense the Software to any third party.", PARA),
    ("license", "All improvements that Licensee makes belong to Licensor.", PARA),
    ("license", "The laws of the State of Delaware govern this Agreement.", PARA),
    # a verb's particle is no claim of its own ("ruled out" for "excluded"); an author's "we" told as "they"
    ("opinion", "The expert considers the fracture consistent with a fall from standing height, though a direct "
                "blow cannot be ruled out.", PARA),
    ("paper", "The authors did not test models bigger than 13B parameters and caution that their conclusions may not "
              "hold at larger scales.", PARA),
    # a link kept in other words; what is still needed, said as still needed
    ("cohort", "In the cohort, a 28% lower risk of cardiovascular events was linked with high adherence to the diet.",
     PARA),
    ("deal", "The deal still needs the approval of regulators and should close next year.", PARA),
    # a phrase moved to the front moves no role ("With the Landlord's consent, the Tenant may ...")
    ("sublet", "With the Landlord's prior written consent, which cannot be unreasonably withheld, the Tenant may sublet "
               "up to half of the Premises.", PARA),
    # "while" restates "as long as"
    ("privacy", "Account data is kept while your account is active and for up to 24 months after you close it.", PARA),
    # "no more than" is an upper bound; "contraindicated" is "must not"; a passive turned active moves no role
    ("label", "No more than 2,000 mg should be taken in any 24-hour period.", PARA),
    ("label", "Patients with severe renal impairment must not take the drug.", PARA),
    ("label", "Twelve percent of patients reported dizziness, which usually went away within a week.", PARA),
    # "roughly" restates "about" before a figure
    ("city", "Construction should start next spring and take roughly two years.", PARA),
    # "provided" as a participle opens no condition; "each of the parties" is "each party"
    ("expense", "Each party will pay its own expenses of performing its obligations under this Agreement, except as "
                "the Agreement specifically provides otherwise.", PARA),
    ("nda", "The Receiving Party must keep all Confidential Information strictly confidential and must not reveal it "
            "to any third party.", PARA),
    ("nda", "These confidentiality obligations continue for three years after this Agreement is terminated.", PARA),
    ("nda", "The Receiving Party may share Confidential Information with employees who need to know it, as long as "
            "those employees are bound by written confidentiality obligations.", PARA),
    ("employ", "The Company must pay the Employee a base salary of $180,000 per year in equal semi-monthly "
               "installments.", PARA),
    ("employ", "The Employee gets twenty days of paid vacation each calendar year.", PARA),
    ("employ", "The Company can dismiss the Employee for Cause at any time and without notice.", PARA),
    ("employ", "If the Company terminates the Employee without Cause, it must pay him severance equal to six months "
               "of base salary.", PARA),
    ("fin_1", "Revenue rose 12 percent to 4.1 billion dollars in 2023", PARA),
    ("fin_1", "Revenue grew 12% to $4.1 billion in 2023 on the back of higher subscription sales in North America.",
     PARA),
    ("fin_1", "Net income attributable to shareholders came to $612 million, which is $2.31 per diluted share.", PARA),
    ("fin_1", "During the fourth quarter the company bought back 3.2 million of its shares for $410 million.", PARA),
    ("fin_1", "Operating margin fell to 18.5% from 21.0% the year before.", PARA),
    ("fin_1", "A quarterly dividend of $0.45 per share, payable on March 15, 2024, was approved by the board.", PARA),
    ("fin_2", "Gross profit fell by $14.2 million, mainly because of lower volumes in the Industrial segment.", PARA),
    ("fin_2", "Selling, general and administrative costs were unchanged from the prior year.", PARA),
    ("fin_2", "At 31 December 2022 the Group's net debt was £1.8 billion, under its £2.5 billion covenant limit.", PARA),
    ("fin_2", "Reported sales were reduced by 3 percentage points as a result of foreign exchange movements.", PARA),
    ("news_1", "On Tuesday the city council approved the new transit plan by a vote of 7-2.", PARA),
    ("news_1", "The plan includes 14 new bus routes and extends light-rail service to the airport by 2028.", PARA),
    ("news_1", "Opponents said the plan's $1.2 billion cost would require raising the sales tax.", PARA),
    ("news_1", "An amendment to delay the vote until after the November election was rejected by the council.", PARA),
    ("news_2", "Acme Corp. has agreed to acquire Beta Systems for $3.5 billion in cash, the two companies said on "
               "Monday.", PARA),
    ("news_2", "Beta shareholders are to receive $42 a share, a 28% premium to Friday's closing price.", PARA),
    ("news_2", "The transaction is expected to be completed in the second half of the year, subject to regulatory "
               "approval.", PARA),
    ("news_2", "In early trading Beta's shares gained 24%, while Acme's shares dropped 3%.", PARA),
    ("sci_1", "Compared with placebo, the new drug cut the risk of stroke by 25% in the randomized trial.", PARA),
    ("sci_1", "The reduction was not statistically significant in the low-risk subgroup.", PARA),
    ("sci_1", "Patients took 10 mg every day for 12 months.", PARA),
    ("sci_1", "The authors concluded the drug works in high-risk patients, though more studies are needed.", PARA),
    ("sci_2", "At sea level water boils at 100 °C; at higher altitudes it boils at lower temperatures.", PARA),
    ("sci_2", "Without oxygen, the bacterium is unable to survive.", PARA),
    ("sci_2", "Enzyme activity went up tenfold as the temperature was raised from 20 °C to 37 °C.", PARA),
    ("news_3", "The Broncos beat the Panthers 24–10 and won their third Super Bowl title.", PARA),
    ("news_3", "Von Miller was named the most valuable player of the Super Bowl.", PARA),
    # "neither … nor" and "not … or" state the same single negation
    ("council", "The mayor did not support or oppose the motion.", PARA),
    # an upper bound with a negation ("shall not exceed") and without one ("capped at")
    ("cap", "The Supplier's liability is capped at the fees paid in the twelve months before the claim.", PARA),
    ("cap", "The Supplier's total liability is no more than the fees paid in the twelve months before the claim.",
     PARA),
    # "mainly" for "primarily": one qualifier of a class for another is wording
    ("fin_4", "Net revenue grew 12% to $4.1 billion in fiscal 2023, mainly due to higher subscription volumes.", PARA),
    # a link restated as a link, a hint as a hint
    ("sci_4", "Drinking a lot of coffee was linked to a lower risk of liver disease in the cohort study.", PARA),
    ("sci_3", "RAG lowers the rate of hallucinations in question answering.", PARA),
    # a negative subject ("neither party shall") and a negated modal state the same prohibition
    ("joint", "Jointly conceived inventions are owned by both parties, and neither may license them to a third "
              "party without the other's prior written consent.", PARA),
    ("council", "Engineers need time to go over the soil reports, council members said.", PARA),
    # a refusal for a negation of the same verb, "all seven" for "the seven", a scale in the plural
    ("term", "Either party can end the Agreement by giving the other party ninety days' prior written notice.", PARA),
    ("term", "When the Agreement expires, the Licensee must give every copy of the Software back to the Licensor.",
     PARA),
    ("term", "Liability insurance of $2,000,000 or more per occurrence must be carried by the Licensee.", PARA),
    ("build", "Apex Holdings, the developer, expects building work to start again next spring.", PARA),
    ("trial", "The effect showed up in men, not in women.", PARA),
    ("council", "According to council members, the postponement gives engineers time to look at the soil reports.",
     PARA),
    ("duty", "The Supplier has to make commercially reasonable efforts to get the Products delivered by the Delivery "
             "Date.", PARA),
    ("duty", "For the obligations under Section 4 the Parties are jointly and severally liable.", PARA),
    ("earn", "At the end of the year the chief executive is to step down, according to the company.", PARA),
    ("earn", "The company kept its full-year revenue forecast of $9.8 billion unchanged.", PARA),
    ("earn", "Earnings for the quarter came to $1.12 a share, ahead of the $1.05 analysts had estimated.", PARA),
    ("results", "It reported a net loss of $45 million for the quarter, down from a profit of $12 million a year "
                "before.", PARA),
    ("results", "According to the finance chief, the company has the cash it needs to fund operations through 2026.",
     PARA),
    ("expert", "The insured's account matches the physical evidence, except that the back door was unlocked.", PARA),
    ("film", "The 1972 TV horror film, directed by John Llewellyn Moxey, starred Sally Field and Eleanor Parker, "
             "among others.", PARA),
    ("film", "The 1972 TV horror movie Home for the Holidays was directed by John Llewellyn Moxey and starred Sally "
             "Field, Eleanor Parker, Julie Harris, Jessica Walter and Walter Brennan.", PARA),
    ("plant", "Paraxylene, a chemical used in polyester films that is said to cause cancer, is produced at the plant.",
     PARA),
    ("incident", "The two runways that stayed shut until noon were two of the airport's three.", PARA),
    ("bio", "She moved to France in 1891, studied at the University of Paris and there met the physicist Pierre "
            "Curie.", PARA),
    ("incident", "At the scene, the driver refused to answer reporters' questions.", PARA),
    ("incident", "All seven of the ferry's crew members survived.", PARA),
    ("wind", "Brightline Energy and the Harbour Authority share the cost of connecting the offshore farm to the grid, "
             "while Northwind Turbines supplies its turbines.", PARA),
    ("press", "Ana Ruiz, who heads compliance at the bank, said: \"We accept the findings and have already changed our "
              "procedures.\"", PARA),
    ("incident", "Over the weekend around 1.4 million travellers were affected.", PARA),
    ("clinic", "Adults who had chronic kidney disease and were not on dialysis took part in the trial.", PARA),
    ("clinic", "14 of the 16 biopsies found the tumour to be benign.", PARA),
    ("clinic", "Every adverse event was reviewed by a senior investigator.", PARA),
    ("trade", "The distributor purchases the products at wholesale prices and sells them on to shops in the region.",
     PARA),
    ("recall", "Patients should talk to their doctor before they stop taking the tablets.", PARA),
    ("reserve", "Half of the fee is due on signing and the other half on delivery.", PARA),
    ("payout", "Net sales increased 8 percent to $2.2 billion.", PARA),
    ("finding", "These results suggest the drug could be a useful option for older adults.", PARA),
    ("audit", "if an audit finds an underpayment of 2% or more, the Franchisee must pay the Franchisor's audit costs, "
              "including reasonable accounting fees", PARA),
    ("audit", "The Consultant shall return all Company Property when the Company asks or, if the Company does not "
              "ask, upon termination.", PARA),
    # the same restrictions kept in other words
    ("widened", "All commercial shipping was barred from the harbour on Monday after a tanker lost power.", PARA),
    ("widened", "Only the finance director and officers with the board's written authority may sign cheques over "
                "£5,000.", PARA),
    ("widened", "Staff in the Leeds office each get a parking permit.", PARA),
    ("widened", "Police officers and members of the armed forces are barred from sitting on the council.", PARA),
    ("widened", "Any employee, contractor or agency worker may raise a concern if they reasonably believe wrongdoing "
                "has occurred.", PARA),
    ("widened", "The tram network is run by Tynelink for the Nexus authority.", PARA),
    ("widened", "In 2019 the board named Dana Reyes its treasurer, while Tom Hale stayed on as secretary.", PARA),
    ("widened", "Close to three quarters of the members backed the motion.", PARA),
    ("widened", "The Distributor cannot assign or transfer its rights under the Agreement without the Supplier's prior "
                "written consent.", PARA),
    ("widened", "Either party may end the Agreement for material breach on 30 days' written notice to the other party.",
     PARA),
    ("widened", "Average yearly water bills are forecast to reach £560 by 2030.", PARA),
    ("widened", "By 2030 the average annual water bill should reach £560.", PARA),
    ("widened", "Facilitation payments are not something the Company makes.", PARA),
    # a negation inside an aside the quote leaves out whole is information dropped
    ("widened", "Treatment should be extended for patients with empyema or a lung abscess.", PARA),
    # "exempt from" is "not subject to"
    ("widened", "Lines with volume agreements won't face the fee increase until their contracts expire.", PARA),
    # "$1 million" is "$1,000,000"; "no less than" before a figure is "at least"
    ("widened", "The Supplier must carry product liability cover of at least $1 million per occurrence and $2 million "
                "in aggregate.", PARA),
    # "not approved" says "unapproved" in two words
    ("widened", "If written approval is not given within five business days of receipt, the usage is treated as not "
                "approved.", PARA),
    ("widened", "In older adults low-dose aspirin seems to reduce the short-term risk of stroke.", PARA),
    ("widened", "In 1521 the reformer moved his attack from popular pieties like pilgrimages to Church doctrine.", PARA),
    # "sin" after "without" is the English noun; "as if" is a likeness, not a condition
    ("widened", "He told monks they could break their vows without sinning.", PARA),
    ("widened", "From the object's own perspective, all motion happens as though there were no gravitation at all.",
     PARA),
    # a past form after "require" is the passage's own telling (a title here), not a thing pending
    ("widened", "His essay On Confession rejected mandatory confession and encouraged private confession.", PARA),
    ("widened", "General relativity is recognised as the theory that best accounts for gravity.", PARA),
    # "above all" is "especially", no quantifier
    ("widened", "Investors prize the fund for being liquid, above all for its daily dealing.", PARA),
    ("widened", "The agreement is to be governed by and interpreted under the laws of Hong Kong.", PARA),
    ("widened", "The Tribunal found the employer was unaware of the disability at the time and could not reasonably "
                "have been expected to know of it.", PARA),
    ("widened", "The other victim, recovered on Tuesday, was Al Larsen, 31, from Fort Worth.", PARA),
    # a need of a thing binds no one to a modal ("need parental consent", "needs further study")
    ("widened", "Users younger than 16 need parental consent to create an account.", PARA),
    ("widened", "Whether patients with high Lp(a) might benefit still needs further study.", PARA),
    # "about £9 million" states the approximation "roughly" restates, the currency sign between
    ("widened", "Officials estimate the charge could bring in roughly £9 million a year.", PARA),
    ("widened", "a leak is a known complication of the operation, and one occurring does not in itself indicate "
                "substandard care", PARA),
    ("widened", "The Licensee cannot assign the Agreement without the Licensor's prior written consent, which the "
                "Licensor may refuse at its absolute discretion.", PARA),
    # "as long as" restates "so long as"
    ("widened", "In the event of the Company's insolvency, the Consultant is not obliged to repay any money as long as "
                "he continues to perform his obligations.", PARA),
    # a modal of the same class in an otherwise copied sentence ("can" for "may"), and the condition
    # "in the event that" restated with "if"
    ("kindred", "New partners can be admitted to the firm only with the unanimous consent of the existing partners.",
     PARA),
    ("kindred", "If the Licensee chooses to sue an infringer, the Licensor will reasonably cooperate in those "
                "proceedings, and the Licensee must repay the Licensor's reasonable costs.", PARA),
    # two neighbouring sentences restated in one, each half by its own sentence
    ("kindred", "She did not ask for reinstatement, and her holiday pay claim was withdrawn at the start of the "
                "hearing and dismissed on withdrawal.", PARA),
    ("kindred", "Northgate shall act as lead contractor on any bid and Ashby shall have a right to join such bid as "
                "a subcontractor to Northgate.", {Verdict.VERBATIM, Verdict.NEAR_VERBATIM, Verdict.PARAPHRASE}),
    # "provided, however, that ..." restated with "but"
    ("kindred", "Either party can end the Agreement on 30 days' notice, but doing so does not end any lease then in "
                "effect.", PARA),
    # "has not used" restates "fails to use"
    ("kindred", "If the Distributor has not used commercially reasonable efforts to sell the Products, the Supplier "
                "can terminate.", PARA),
    # "except for" restates "save for"; two neighbouring sentences restated in the other order; initials
    # for a name spelt out; "at its sole discretion" for "in its sole discretion", and "provided it
    # notifies" for "by notifying"
    ("kindred", "the counterclaim for replacement goods failed except for the £8,100 attributable to the rejected June "
                "delivery", PARA),
    ("kindred", "no serious injuries have been reported, though six of the 40 complaints involved minor injuries", PARA),
    ("kindred", "MEPs must be elected by proportional representation", PARA),
    ("kindred", "The Sponsor can cancel its participation in any event at its sole discretion, provided it notifies the "
                "Organiser no later than two weeks before the event", PARA),
    # "under written contracts" for "subject to written contracts"
    ("kindred", "They may share your data with their payment processors under written contracts requiring "
                "confidentiality.", PARA),
    ("kindred", "The claimant asks for £900,000 of lost profit on the remaining 11 months of the term.", PARA),
    # a party called by the other name the document defines it by ("Harrow" for "the Company")
    ("aliases", "Delta isn't liable to Harrow or any third party for injuries anyone suffers while filming an "
                "episode.", PARA),
    # items of a list left out
    ("kindred", "The Union has adopted measures in social policy areas including equal opportunity, health and safety, "
                "public health and migrant workers.", PARA),
    ("kindred", "Late payments carry interest at the lower of 1.5% per month or the maximum rate the law allows.", PARA),
    ("kindred", "Common pipistrelle accounted for 68% of all recorded passes, with soprano pipistrelle (19%) and "
                "Leisler's bat (7%) next.", PARA),
    # "unaffected" for "will not be changed": a negation in one word
    ("kindred", "Peak-hour trains are unaffected; the cuts mostly hit early-morning services.", PARA),
    # "the company" for the writer's "we"
    ("kindred", "The company has begun qualifying a second source for the controller but does not expect it to "
                "deliver production volumes before 2026.", PARA),
    # "worldwide" before the thing it describes names it; it widens no claim
    ("kindred", "The Moravian Church in America is part of the worldwide Unity of the Brethren, with about a million "
                "members.", PARA),
    # an accent English also leaves off ("cafe" for "café") is form
    ("kindred", "the panel dismissed the argument that the cafe's takeaway sales were exempt", {Verdict.NEAR_VERBATIM}),
    # two neighbouring sentences restated as one, the second in other words after ", and"
    ("housing", "Compared with tenants in private housing, residents who had lived in social housing for a decade or "
                "longer had a higher rate of hospital admission for asthma, and the association weakened but stayed "
                "significant after adjusting for damp and mould in the home.", PARA),
    # the same order of size; "a fifth of" for "20% of"
    ("mixed", "The lake's sediment cores hold a climate record going back several hundreds of thousands of years.",
     PARA),
    ("mixed", "a fifth of rural clinics had no doctor in the last week of March, a survey found", PARA),
    # initials for a name ("US", "WWII"); "not enough" for "insufficient"; "entirely" for "in its entirety"
    ("mixed", "Like most ports in the US, Savannah grew quickly after WWII.", {Verdict.PARAPHRASE, Verdict.NEAR_VERBATIM}),
    ("mixed", "if the rebate is not enough to cover the shortfall, the Manager also pays the Fund's expenses", PARA),
    ("mixed", "on the Closing Date the Lease terminates entirely as to the Tenant", PARA),
    # the same two clauses in the other order, each still with its subject
    ("mixed", "Two trustees wanted a sale at auction, while four trustees wanted to keep the farm in trust for the "
              "village.", PARA),
    ("mixed", "Under a high-emissions scenario, the model expects summer river flow to drop by about 20% by the 2050s.",
     PARA),
    # "provided" and "providing" as verbs open no condition ("services to be provided herein", "a company
    # providing freight services"): a quote that starts after one, or leaves one out, drops no condition
    ("round37", "Acme agrees to pay the fee within 10 days of signing.", {Verdict.NEAR_VERBATIM}),
    ("round37", "during the Term, the Agent can't act for any other freight company in the Region", PARA),
    # "shall have the right to" grants a right; "needed" is "required" as a need of a thing
    ("round37", "The Broadcaster is allowed to insert advertisements in the Show", PARA),
    ("round37", "further studies are needed before the vaccine can be recommended for infants",
     {Verdict.PARAPHRASE, Verdict.NEAR_VERBATIM}),
    ("round37", "the licence stays in force for two years from signing, which can be extended for a further year if "
                "both parties agree in writing", PARA),
    # a date's missing space put back; "Q4" for "the fourth quarter"; "Mt" and "Moz" for millions of tonnes and ounces
    ("round37", "The promotion shall begin on June 1, 2025 and end on May 31, 2026", {Verdict.NEAR_VERBATIM}),
    ("round37", "for Q4 2024 the group is guiding to revenue of between $210 million and $230 million", PARA),
    ("round37", "the deposit has an Indicated Resource of 12.6 Mt at 2.1 g/t gold, containing 0.85 Moz", PARA),
    # a name of a list given by its initials is not left out of it
    ("round37", "output from the US, Brazil and Norway is expected to grow by a combined 0.9 mb/d", PARA),
    # "at least" for "not less than"
    ("round37", "either the Board or the Sponsor can end the agreement at any time, without penalty, on at least 60 "
                "days' written notice", PARA),
    # "the last thousand years" for "the past 1000 years"
    ("round37", "the earlier schematic had no temperature units but seemed to show bigger swings over the last "
                "thousand years", PARA),
    ("round37", "the review found no evidence that smoked ham plays a part in the outbreak", PARA),
    ("round37", "when the troops got to the ford on May 2, the captain let the rebels cross", PARA),
    # "the Second World War" for "World War II"; "unless" for "except where"; "apart from" for "excluding"
    ("round37", "the city's first tram line, opened in 1902, kept running until the Second World War", PARA),
    ("round37", "credits are the Client's only remedy for the delay, unless it amounts to a Material Failure", PARA),
    ("round37", "cash covers debt falling due through 2027, apart from the May 2026 note, which the board plans to "
                "refinance", PARA),
    ("round37", "today the harbour is, by many measures, the busiest in the region, with 40 berths in use", PARA),
    ("round37", "if an order is larger than the forecast, the Supplier must try to fill it, without being in breach if "
                "it cannot", PARA),
    # the same event in other words ("signing" for "execution"), and a figure the passage spells out
    ("round37", "the Licensee must pay the fee within 30 days of signing this Agreement", PARA),
    ("round37", "the union representing the fishermen said a strike over the quotas was being considered", PARA),
    ("round37", "staff may book premium economy for trips of four hours or longer, and business class when the "
                "Director approves it in writing", PARA),
    # one clause of several joined by ", and", restated: the condition of another is not its own
    ("round37", "for trips of four hours or longer, staff may book premium economy", PARA),
    # the passage's own cause, restated with "because"
    ("round37", "The appeal court threw out the landlord's claim for the arrears, because the point had never been "
                "raised at the trial", PARA),
    # the same writer and reader, the roles kept in other words
    ("round38", "we will give you back the deposit within 30 days after the tenancy ends", PARA),
    ("round38", "you have to tell us your new address before you move out", PARA),
    ("round38", "the Supplier can use the data for any purpose the law allows", PARA),
    # two neighbouring sentences in one, each half with its own figures
    ("round38", "the ambulance arrived at 23:52, and the crew then waited 74 minutes at hospital before handing "
                "Mr Reeve over", PARA),
    # mutuality in other words; one route of two, told alone
    ("round38", "the Fee can be changed if both the Agent and the Client agree to it in writing", PARA),
    ("round38", "the Agent can terminate this Agreement on thirty days' notice", PARA),
    ("round38", "early mobilisation went together with a shorter stay in hospital", PARA),
    ("round38", "a possible benefit in younger patients needs confirming", PARA),
    # a negation in other words: "rather than", "instead of"
    ("round38", "consumers should destroy the recalled kettle rather than return it to the store", PARA),
    ("round38", "consumers should destroy the recalled kettle instead of returning it to the store", PARA),
    # "may ... only if" is "shall not ... unless": a prohibition with its exception
    ("round38", "the Tenant may sublet the garage only if the Landlord consents in writing", PARA),
    ("round38", "either Party may assign this Agreement only with the other Party's prior written consent", PARA),
    # "may not be more than" is "at most" (the negation a word before the bound turns it over)
    ("round38", "fees may not be more than $500 per month", PARA),
    # "no more than" for "at most" (a bound in either text), and a bound under a negation a few words before it
    ("round38", "the time the machine needs on each input of length n is no more than f(n)", PARA),
    ("round38", "issuers with less than three years of audited statements generally cannot be rated above BB+", PARA),
    # a cap told with a permission ("can be at most") for the passage's "shall not exceed"
    ("round38", "fees can be at most $500 per month", PARA),
    # an open list kept open ("include, but are not limited to" negates no claim)
    ("round38", "essential services include financial services, health services and utility services", PARA),
    ("round38", "financial services, health services and utility services are among the essential services", PARA),
    ("round39", "service fees are paid to the Consultant within ten days after the end of every month", PARA),
    ("round39", "the Consultant gets its service fees within ten days of the end of each month", PARA),
    ("round39", "where this Agreement and a Work Order conflict, this Agreement's terms control", PARA),
    ("round39", "the panel found some loss of daylight to the neighbouring houses, but no significant harm", PARA),
    ("round39", "the panel concluded the neighbouring houses would suffer some loss of daylight, though the harm "
                "would not be significant", PARA),
    ("round39", "the petition cited the freedoms to assemble and to speak guaranteed in the Bill of Rights", PARA),
    ("round39b", "the index tries to measure how far households trust their banks", PARA),
    ("round39b", "a notice is effective three business days after it is posted by registered mail to the other "
                 "party's address", PARA),
    ("round39b", "the tenant has to pay any shortfall within 14 days after it is demanded", PARA),
    ("round39c", "blamed rising gas prices and cheap imports for the losses", PARA),
    ("round39c", "We enrolled 12,400 teachers between 25 and 60 years old", PARA),
    ("round39c", "early repayment charges are payable while the interest rate is fixed", PARA),
    ("round39c", "the sponsor pays the fee within 30 days after the first patient in the trial is dosed", PARA),
    ("round39c", "the new satellite meant the service could potentially carry 200 channels", PARA),
    # a mixed number ("1-1/2%") is one figure; what a law allows is no permission of a party; "£60m" is £60 million
    ("round40", "if the Buyer doesn't pay within ten days of the invoice, it owes late charges of 1.5% per month or "
                "the maximum amount allowed by law, whichever is less", PARA),
    ("round40", "by the end of the third year after completion, the group thinks it will be saving about £60m a year", PARA),
    # a copy with one word or phrase put in the place of its synonym
    ("round40", "The historical society was founded in 1884 by a group of local merchants.", PARA),
    ("round40", "Food prices stayed high through the winter months.", PARA),
    # "m" after a figure is metres; "about" and "approximately" approximate one figure each, whichever is where
    ("round40", "Touchdown occurred about 640 m past the runway threshold, which left roughly 1,150 m of the "
                "1,800 m runway available for stopping.", PARA),
    # "whether or not" is an alternative, no negation
    ("round40", "Either party can end the lease for any reason or no reason by giving the other party 90 days' "
                "advance written notice.", PARA),
    # a negated verb told by a negative word of its own ("misses" / "does not meet", "the checklist misses" /
    # "not captured by the checklist")
    ("round41", "if the Licensee misses the minimum annual sales requirements in a contract year, $50,000 of the "
                "advance is treated as unearned", PARA),
    ("round41", "the panel can raise the score a grade to reflect factors the checklist misses, such as site history",
     PARA),
    # "not less than the following: ... $2,000,000" is a floor, which "at least" restates
    ("round41", "each party must carry insurance with limits of at least two million dollars ($2,000,000) for each "
                "occurrence", PARA),
    # ", not from" restates "rather than from", whatever the place is called
    ("round41", "the expert thinks the damp most likely came from the failed gutter at the rear, not from the "
                "neighbouring garage roof", PARA),
    # "without consent" restates "except with consent"; "unless they withdrew" restates "if they did not withdraw"
    ("round41", "Neither party may assign the Agreement or any rights under it without the other party's prior "
                "written consent.", PARA),
    ("round41", "the union warned that more stoppages could follow unless the operators withdrew their plans for "
                "automated cranes", PARA),
    # a restriction to a use, whichever modal says it; "shall, at its option, have the right to" is "may"
    ("round41", "the Reseller may use the pricing information only to quote to its customers", PARA),
    ("round41", "if either Party fails to cure a material breach within 30 days after notice, the other Party may, at "
                "its option, terminate the Agreement", PARA),
    # "neither … nor" says two negated claims in one
    ("round41", "Mr Hale admitted in cross-examination that he neither interviewed the two night managers who, "
                "according to the claimant, had approved the disputed hours, nor reviewed the door entry logs", PARA),
    ("round41", "For adults with a score of 2, anticoagulation can be considered after shared decision-making that "
                "weighs the patient's bleeding risk and preferences", PARA),
    ("round41", "We recommend that a roofing contractor fixes the gutters and downpipes within the next two months, "
                "before the winter, to stop further damp getting in.", PARA),
    # "couldn't" keeps an attempt that failed
    ("round41", "the crew couldn't restart the right engine during the climb, and the aircraft landed 3 km short of "
                "runway 09", PARA),
    # "if any" is an aside, no condition
    ("round41", "the Contractor must keep enough staff on site to meet the programme, always subject to any access "
                "restrictions in the Site Rules", PARA),
    # the 42nd stop: "not included" said as "excluded", "not enforceable" as "unenforceable"; "about" for
    # "approximately"; the most that could happen told with "would"; a possibility kept with "could"
    ("round42", "In 2017, 3.2 million outstanding stock options were excluded from the computation of diluted "
                "earnings per share because their exercise prices exceeded the average market price of the common "
                "shares.", PARA),
    ("round42", "The waiver the tenants signed is unenforceable against the guarantor.", PARA),
    ("round42", "Stock-based compensation decreased by about $260,000, from $2.5M in 2018 to $2.3M in 2019, as "
                "performance awards vested.", PARA),
    ("round42", "Doctors performing the procedure would face up to two years in prison under the bill.", PARA),
    ("round42", "Retailers said shortages of imported goods could occur if the strike went on for more than a week.",
     PARA),
    ("round42", "The Board also unveiled a share buyback of as much as £40 million, which is to be completed by 31 "
                "March 2025.", PARA),
    ("round42", "The target is annual output of one hundred million watt-hours, with sales of sixty million dollars a "
                "year as the goal.", PARA),
    ("round42", "Our current expectation is that the gross profit percentage will fluctuate from period to period in "
                "future, driven by changes in product mix, average selling prices and average manufacturing costs.", PARA),
    ("round42", "Economists said the change in tone made a June cut more likely, though some warned that a strong wage "
                "figure next month could delay any move until August.", PARA),
    ("round42b", "Net cash provided by operating activities fell $477 million in 2019, driven by $346 million more in "
                 "cash income tax payments and roughly $300 million more in interest payments on debt.", PARA),
    ("round42b", "Overall, 23% of participants were lost to follow-up, more of them in the control group; those lost "
                 "were counted as smokers.", PARA),
    ("round44", "If a force majeure event occurs, the Distributor is not responsible for paying any royalty.", PARA),
    ("round44", "Orientation runs for two weeks and takes place at our Dayton, Ohio offices.", PARA),
    # figures as finance writes them: "US$" for "USD", a season by its last two digits, digits grouped by a space
    ("round45", "Charterers pay demurrage of US$18,500 a day, pro rata for part days.", PARA),
    ("round45", "Ashford lost £18.4m in the 2022/23 season, its fifth loss in a row.", PARA),
    ("round45", "By August 2009 the WSE listed 374 companies worth 162,584 mln EUR in total.", PARA),
    ("round45", "Construction traffic is restricted by the conditions to the hours of 8am to 6pm on weekdays.", PARA),
    ("round42b", "Receiving the vaccine was linked to a lower risk of severe dehydration among cases.", PARA),
    ("round42b", "Rising damp was found on the ground-floor party wall, and the surveyors recommend getting a specialist "
                 "damp survey before contracts are exchanged.", PARA),
    ("round42b", "A university spokesperson said there were contingency plans but admitted that some assessments might "
                 "be delayed.", PARA),
    ("round42b", "Judge Helen Marsh found the company reckless rather than deliberate, and criticised it for failing to act "
                 "on alarm warnings.", PARA),
    # the control arm named without "group" ("19% of controls") is the quote's "control group"
    ("round42b", "Roughly 38% of people in the digital programme group no longer met criteria for insomnia at 24 weeks, "
                 "versus 19% of those in the control group.", PARA),
    ("round42b", "For the initial three years of the Term of this Agreement Eutectix shall supply alloy raw materials "
                 "without cost.", PARA),
    # "either ... or" joins two ways; it quantifies nothing
    ("round42b", "A quorum for all meetings of the Board of Directors is five directors, present either in person or by "
                 "proxy.", PARA),
]


@pytest.mark.slow
@pytest.mark.parametrize(("source_key", "quote", "allowed"), TRUE_PARAPHRASES,
                         ids=[f"{s}-{i}" for i, (s, _q, _a) in enumerate(TRUE_PARAPHRASES)])
def test_true_paraphrase_stays_paraphrase(verifier: Verifier, source_key: str, quote: str,
                                          allowed: set[Verdict]) -> None:
    r = verify_one(verifier, source_key, quote)
    assert r.verdict in allowed, f"{quote!r} came out {r.verdict.value}"
    if r.verdict is Verdict.PARAPHRASE:
        assert r.spans, "a paraphrase names the passage it restates"


def test_true_paraphrase_table_size() -> None:
    assert len(TRUE_PARAPHRASES) >= 40


# --------------------------------------------------------------------------- 3. cut, bracketed, merged quotes
# (source, quote, allowed verdicts, expected spans as source substrings or None). Spans are
# checked for verbatim/near_verbatim results; for altered ones the reported span must overlap
# the expected passage when one is given.
V_, NV, ALT, UNS = Verdict.VERBATIM, Verdict.NEAR_VERBATIM, Verdict.ALTERED, Verdict.UNSUPPORTED
REJECTED = {ALT, UNS}
MARKS: list[tuple[str, str, set[Verdict], list[str] | None]] = [
    # a page number of the source, on a line of its own inside the words quoted, left out; a figure
    # of the sentence left out is no page number
    ("kindred", "The Trust shall repay an amount equal to the cash surrender value of the Policy on the date hereof.",
     {NV}, None),
    # a finding quoted without the source's denial of its significance, right after it; "insignificant"
    # in its everyday sense is no such denial
    ("kindred", "efficacy was 54.0% (95% CI, -12.6 to 81.2)", {ALT}, ["efficacy was 54.0% (95% CI, -12.6 to 81.2)"]),
    ("kindred", "In 1955 the 40 traders were thought too", {V_}, ["In 1955 the 40 traders were thought too"]),
    # a sentence closed early before "whichever is lower"; a sentence shown whole, its exception and its end cut
    ("mixed", "Late balances bear interest at 1% per month.", {ALT}, ["Late balances bear interest at 1% per month"]),
    ("mixed", "The Guarantee shall cease to have effect.", {ALT}, ["the Guarantee shall cease to have effect"]),
    # a verb of the same direction ("rose" for "increased"); a quote that opens with a small word before
    # a number written twice; an alignment that ran a word past its sentence's end
    ("mixed", "Unit sales rose from 4.1 to 5.3 million in 2024.", {Verdict.PARAPHRASE, NV}, None),
    ("mixed", "For 2 years after the end of this Agreement, the Seller shall not compete within 10 miles of the Store.",
     {NV}, ["For two (2) years after the end of this Agreement, the Seller shall not compete within ten (10) miles of "
            "the Store."]),
    ("mixed", "The committee voted to cut the rate to 4.25 percent", {NV}, ["The committee voted to cut the rate to 4.25%."]),
    # a fragment quoted without the impersonal frame that makes it a report ("It has been claimed that");
    # a finding's own frame ("The survey found that") is no such hedge
    ("mixed", "the guild controlled every mill in the valley", {ALT}, ["the guild controlled every mill in the valley"]),
    ("mixed", "the guild owned two mills", {V_}, ["the guild owned two mills"]),
    ("round37", "the board approved the merger too quickly", {ALT}, ["the board approved the merger too quickly"]),
    # a fragment after the exception its sentence opens with; "Except as otherwise provided herein" excepts nothing
    ("round37", "neither party shall be liable for lost profits", {ALT}, ["neither party shall be liable for lost profits"]),
    ("round37", "each party shall bear its own costs", {V_}, ["each party shall bear its own costs"]),
    # a full stop before a restrictive "that" clause, which narrows the noun the quote ends on
    ("round37", "Liability shall not exceed the amount paid for the products.", {ALT},
     ["Liability shall not exceed the amount paid for the products"]),
    # a short form the source defines in brackets, quoted alone: form
    ("kindred", "11 cases occurred in the vaccine group and 52 in the placebo group (vaccine efficacy, 78.9%; 95% CI, "
     "59.1 to 90.0)", {NV}, ["11 cases occurred in the vaccine group and 52 in the placebo group (vaccine efficacy, "
                             "78.9%; 95% confidence interval [CI], 59.1 to 90.0)"]),
    ("kindred", "Blooms began 11 days earlier in ice-free areas", {ALT}, ["Blooms began 11 days earlier in ice-free areas"]),
    # a sentence closed where the source goes on with another item of what "only" names
    ("kindred", "Where we transfer data abroad, we will do so only to countries found adequate.", {ALT},
     ["Where we transfer data abroad, we will do so only to countries found adequate"]),
    ("kindred", "we will do so only to countries found adequate or under approved contract clauses.", {V_},
     ["we will do so only to countries found adequate or under approved contract clauses."]),
    # a bracketed name for a pronoun: the pronoun's, from the sentence before, or another's
    ("widened", "[Duke Sergius IV] promptly made William a count in Melfi.", {ALT},
     ["He promptly made William a count in Melfi."]),
    ("widened", "[Guaimar IV] promptly made William a count in Melfi.", {NV},
     ["He promptly made William a count in Melfi."]),
    ("widened", "[The Luther Bible] spread his doctrine throughout Germany.", {NV},
     ["it spread his doctrine throughout Germany."]),
    # an ellipsis that leaves out the hedge governing the next fragment; a hedge of another clause in the gap
    ("hedged", "Based on the thicknesses measured on site ... the achieved resistance was nearer 30 minutes", {ALT},
     ["Based on the thicknesses measured on site"]),
    ("hedged", "The panel ... found that the barrier was missing", {V_}, ["The panel", "found that the barrier was missing"]),
    ("hedged", "...the achieved resistance was nearer 30 minutes", {ALT}, ["the achieved resistance was nearer 30 minutes"]),
    ("hedged", "...found that the barrier was missing", {V_}, ["found that the barrier was missing"]),
    # an aside that is a condition (", where feasible,") left out: no aside
    ("duties", "The Officer shall notify the regulator without undue delay and no later than 72 hours after becoming "
               "aware of the breach.", {ALT},
     ["The Officer shall notify the regulator without undue delay and, where feasible, no later than 72 hours after "
      "becoming aware of the breach."]),
    # an added article at the start: the span starts at the sentence, not in the one before
    ("duties", "The Reseller shall not assign this Agreement without the prior written consent of the Company", {NV},
     ["Reseller shall not assign this Agreement without the prior written consent of the Company"]),
    ("opinions", "Group revenue was €2.41 billion, up 3.2% year on year", {NV},
     ["Group revenue was €2.41bn, up 3.2% year on year"]),
    # cents for dollars, a wiki tag of the source left out, a neutral possessive added: form
    ("forms", "The Board declared a quarterly dividend of 25 cents per share", {NV},
     ["The Board declared a quarterly dividend of $0.25 per share"]),
    ("forms", "As of January 2016, the largest known prime number has 22,338,618 decimal digits.", {NV},
     ["As of January 2016[update], the largest known prime number has 22,338,618 decimal digits."]),
    ("forms", "Its safety in pregnancy has not been established.", {NV}, ["Safety in pregnancy has not been established."]),
    ("forms", "Net profit was $311 million (2022: $2.64 billion).", {NV},
     ["Net profit was USD 311 million (2022: USD 2.64 billion)."]),
    ("forms", "Children aged 3 months to 12 years (weighing under 40 kg) take 25 mg/kg/day.", {NV},
     ["Children aged 3 months to 12 years (weighing less than 40 kg) take 25 mg/kg/day."]),
    ("forms", "Median progression-free survival was 3.9 months and median overall survival 8.1 months", {NV},
     ["Median progression-free survival was 3.9 months and median overall survival was 8.1 months"]),
    # a range dash for "to": form
    ("rates", "above its target range of 140%-160%", {NV}, ["above its target range of 140% to 160%"]),
    # a figure written once at an edge of the quote: the span takes the source's way of writing it
    ("rates", "Within 45 days of the approval, the Buyer will pay a one-time fee to the Seller", {NV},
     ["Within forty-five (45) days of the approval, the Buyer will pay a one- time fee to the Seller"]),
    ("rates", "The surcharge shall be the hourly rate plus 25%", {NV},
     ["The surcharge shall be the hourly rate plus twenty-five percent (25%)"]),
    ("rates", "declared a dividend of $0.30 per share, payable Dec. 15", {NV},
     ["declared a dividend of $0.30 per share, payable December 15"]),
    # leading / trailing truncation marks: verbatim, span = the fragment
    ("lease", "...pay monthly rent of $2,400 on the first day of each month", {V_},
     ["pay monthly rent of $2,400 on the first day of each month"]),
    ("lease", "The Tenant shall pay monthly rent of $2,400 ...", {V_}, ["The Tenant shall pay monthly rent of $2,400"]),
    ("fin_1", "…driven by higher subscription sales in North America.", {V_},
     ["driven by higher subscription sales in North America."]),
    ("news_2", "Beta shareholders will receive $42 per share [...]", {V_}, ["Beta shareholders will receive $42 per share"]),
    ("employ", "[...] payable in equal semi-monthly installments", {V_}, ["payable in equal semi-monthly installments"]),
    ("news_2", "Shares of Beta rose 24% in early trading […]", {V_}, ["Shares of Beta rose 24% in early trading"]),
    ("license", "Licensee shall pay Licensor a royalty of 5% of Net Sales ....", {V_},
     ["Licensee shall pay Licensor a royalty of 5% of Net Sales"]),
    # mid-quote ellipses, incl. "...." after a space and ". . ."
    ("lease", "The Tenant shall pay monthly rent .... on the first day of each month.", {V_},
     ["The Tenant shall pay monthly rent", "on the first day of each month."]),
    ("news_1", "The city council voted 7-2 . . . to approve the new transit plan.", {V_},
     ["The city council voted 7-2", "to approve the new transit plan."]),
    ("employ", "The Company shall pay the Employee an annual base salary of $180,000 [...] in equal semi-monthly "
               "installments.", {V_},
     ["The Company shall pay the Employee an annual base salary of $180,000", "in equal semi-monthly installments."]),
    # the end of a sentence presented as a whole one (a capital the source does not have), where what
    # is left out limits it: the whole for the part, a negation
    ("incident", "Six passengers on the bus were injured by broken glass and taken to hospital.", {ALT},
     ["six passengers on the bus were injured by broken glass and taken to hospital."]),
    ("lease_b", "Permitted to terminate this lease", {ALT}, ["permitted to terminate this lease"]),
    ("incident", "Passengers on the bus were injured by broken glass and taken to hospital.", {NV},
     ["passengers on the bus were injured by broken glass and taken to hospital."]),
    # ellipses that hide a negation, an exception or a condition: altered
    ("lease", "The Tenant shall ... assign this Lease or sublet the Premises without the prior written consent of "
              "the Landlord", {ALT},
     ["The Tenant shall not assign this Lease or sublet the Premises without the prior written consent of the Landlord"]),
    ("lease_b", "the landlord is ... permitted to terminate", {ALT}, ["landlord is not permitted to terminate"]),
    ("lease_b", "The deposit shall be returned in full ... the tenant is in breach", {ALT},
     ["The deposit shall be returned in full except where the tenant is in breach"]),
    ("nda", "The obligations in this Section ... apply to information that is or becomes publicly available through "
            "no fault of the Receiving Party.", {ALT}, ["The obligations in this Section do not apply"]),
    ("sci_1", "In the low-risk subgroup, however, the reduction was … statistically significant.", {ALT},
     ["the reduction was not statistically significant"]),
    # ... or that stands right before the next fragment, in its sentence
    ("sci_1", "the new drug reduced the risk of stroke by 25% ... statistically significant", {ALT},
     ["the new drug reduced the risk of stroke by 25%"]),
    ("nda", "The Receiving Party may disclose Confidential Information to its employees who need to know it ...",
     {ALT}, ["The Receiving Party may disclose Confidential Information to its employees who need to know it"]),
    # editorial marks: near_verbatim
    ("lease_b", "The tenant shall recieve [sic] a copy of the inventory.", {NV},
     ["The tenant shall recieve a copy of the inventory."]),
    ("license", "[T]he laws of the State of Delaware", {NV}, ["the laws of the State of Delaware"]),
    ("news_2", "[T]he companies announced on Monday", {NV}, ["the companies announced on Monday"]),
    ("lease_b", "[the Tenant] shall not remove any trees", {NV}, ["he shall not remove any trees"]),
    ("lease_b", "[the landlord] shall not remove any trees", REJECTED, None),
    ("license", "Licensee may not sublicense the Software to any third party (emphasis added).", {NV},
     ["Licensee may not sublicense the Software to any third party."]),
    ("fin_1", "Operating margin declined to 18.5% from 21.0% a year earlier [emphasis added]", {NV},
     ["Operating margin declined to 18.5% from 21.0% a year earlier"]),
    ("sci_3", "Protein X [also known as PROT-X] functions as a transcription factor in liver cells.", {NV},
     ["Protein X functions as a transcription factor in liver cells."]),
    # footnote markers in the source
    ("sci_3", "The treaty was signed in 1648, ending the Thirty Years' War.", {NV},
     ["The treaty was signed in 1648,[3] ending the Thirty Years' War."]),
    ("sci_3", "Its population grew to 2.1 million by 1900", {NV}, ["Its population grew to 2.1 million¹ by 1900"]),
    # number words, contractions, chemical subscripts: form; its/it's and exponents: meaning
    ("fin_3", "40 percent of revenue came from overseas markets.", {NV},
     ["Forty percent of revenue came from overseas markets."]),
    ("fin_3", "Domestic sales grew forty percent in the same period.", {NV},
     ["Domestic sales grew 40 percent in the same period."]),
    ("fin_3", "Customers dont need to register before ordering.", {NV},
     ["Customers don't need to register before ordering."]),
    ("fin_3", "The company said its reviewing its pricing.", REJECTED, None),
    ("sci_2", "Atmospheric CO2 concentrations have risen from about 280 ppm before the industrial era to over 410 ppm "
              "today.", {NV},
     ["Atmospheric CO₂ concentrations have risen from about 280 ppm before the industrial era to over 410 ppm today."]),
    ("sci_2", "The sample was diluted by a factor of 106 before counting.", {ALT},
     ["The sample was diluted by a factor of 10⁶ before counting."]),
    # merged adjacent sentences: near_verbatim, span from first word to last
    ("news_1", "The city council voted 7-2 on Tuesday to approve the new transit plan, and the plan adds 14 bus "
               "routes and extends light-rail service to the airport by 2028.", {NV},
     ["The city council voted 7-2 on Tuesday to approve the new transit plan. The plan adds 14 bus routes and "
      "extends light-rail service to the airport by 2028."]),
    ("fin_2", "Gross profit decreased by $14.2 million, primarily due to lower volumes in the Industrial segment; "
              "selling, general and administrative expenses were flat compared with the prior year.", {NV},
     ["Gross profit decreased by $14.2 million, primarily due to lower volumes in the Industrial segment. Selling, "
      "general and administrative expenses were flat compared with the prior year."]),
    # a clause dropped from the middle: harmless (near_verbatim) or carrying a condition (altered)
    ("news_1", "The city council voted 7-2 to approve the new transit plan.", {NV},
     ["The city council voted 7-2 on Tuesday to approve the new transit plan."]),
    ("employ", "Upon a termination, the Company shall pay the Employee severance equal to six (6) months of base "
               "salary.", {ALT}, ["the Company shall pay the Employee severance"]),
    # two distant sentences joined without an ellipsis; a sentence boundary removed
    ("license", "Licensee may not sublicense the Software to any third party, and this Agreement shall be governed "
                "by the laws of the State of Delaware.", REJECTED, None),
    ("sci_1", "the new drug reduced the risk of stroke by 25% compared with placebo in the low-risk subgroup", {ALT},
     ["the new drug reduced the risk of stroke by 25% compared with placebo"]),
    ("fin_1", "Operating margin declined to 18.5% from 21.0% a year earlier during the fourth quarter.", {ALT},
     ["Operating margin declined to 18.5% from 21.0% a year earlier"]),
    # a cut before "without regard to" leaves no limit out; a bracket may stand for a name; a number
    # word and its digits in a compound are form
    ("govlaw", "This Agreement shall be governed by the laws of the State of New York ...", {V_},
     ["This Agreement shall be governed by the laws of the State of New York"]),
    ("govlaw", "For fiscal 2026, [the company] expects revenue of $2.1 billion to $2.2 billion.", {NV},
     ["For fiscal 2026, Orvane expects revenue of $2.1 billion to $2.2 billion."]),
    ("reserve", "12-month inflation fell to 2.8% in January.", {NV}, ["Twelve-month inflation fell to 2.8% in January."]),
    ("risk", "24 trials met the inclusion criteria.", {NV}, ["Twenty-four trials met the inclusion criteria."]),
    ("risk", "a deterioration in the financial condition of any major customer could impair [the Company's] ability "
             "to collect receivables", {NV},
     ["A deterioration in the financial condition of any major customer could impair our ability to collect receivables"]),
    ("storm", "Gusts reached 120 mph near the coast on Tuesday night, forecasters said.", {NV},
     ["Gusts reached 120 mph (190 km/h) near the coast on Tuesday night, forecasters said."]),
    # a possessive determiner or a "thereof" of the source left out is form; a copula is not
    ("risk", "A deterioration in the financial condition of any major customer could impair ability to collect "
             "receivables", {NV},
     ["A deterioration in the financial condition of any major customer could impair our ability to collect receivables"]),
    # a full stop where the source sentence goes on: its rest is read for a condition or an
    # exception, not for a negation of a clause of its own
    ("ended", "Either party may end this agreement on six months' notice.", {ALT},
     ["Either party may end this agreement on six months' notice"]),
    ("ended", "The court allowed the appeal.", {ALT}, ["The court allowed the appeal"]),
    ("ended", "The deposit is paid on signing ... It will not be refunded under any circumstances.", {ALT},
     ["The deposit is paid on signing", "It will not be refunded under any circumstances"]),
    ("ended", "Most members have banned the practice, but it remains lawful in Ruritania.", {NV},
     ["Most members have banned the practice, but it remains lawful in Ruritania"]),
    # a full stop for a semicolon: a proviso or an exception after it limits the clause before it;
    # any other clause after a semicolon is one of its own
    ("proviso", "Neither Party may assign this Agreement without the prior written consent of the other Party.",
     {ALT}, ["Neither Party may assign this Agreement without the prior written consent of the other Party;"]),
    ("proviso", "The Supplier shall deliver the Goods within ten days.", {ALT},
     ["The Supplier shall deliver the Goods within ten days;"]),
    ("proviso", "Each Party shall bear its own costs.", {NV}, ["Each Party shall bear its own costs;"]),
    # (since the 42nd stop this clause's own opening limit, "subject to clause 9,", is read too: the quote
    # starts after it, so the clause is quoted without its limit)
    ("proviso", "the Buyer shall pay within thirty days.", {ALT}, ["the Buyer shall pay within thirty days;"]),
    # the 42nd stop: a duty ", but in such event" the quote closes its sentence before; an opening exception or
    # limit that names a part of the document ("Except as provided in Section 1.2,", "Subject to Section 9.1,"),
    # where the boilerplate that names none stays a caveat
    ("round42", "the Receiving Party shall be permitted to disclose Confidential Information if such disclosure is "
                "required by law.", {ALT}, None),
    ("round42", "the Developer makes no representations or warranties with respect to the services", {ALT}, None),
    ("round42", "the Supplier shall bear the complete responsibility for a Recall caused by a Defect", {ALT}, None),
    ("round42", "the Developer shall bear its own costs", {V_}, ["the Developer shall bear its own costs"]),
    ("round42", "the Supplier shall deliver the Ingredient to the Buyer's plant", {V_},
     ["the Supplier shall deliver the Ingredient to the Buyer's plant"]),
    # the 44th stop: a limit the document sets elsewhere, opening the sentence ("Subject to the condition above,")
    ("round44", "Hemispherx grants the Distributor the exclusive right to sell the Product", {ALT}, None),
    # an opening exception after a heading and a section's number
    ("round42b", "a Party shall not be in breach of this Contract for any failure caused by circumstances beyond its "
                 "control", {ALT}, None),
    # an exception longer than 200 characters, opening its sentence after a heading and a section's number
    ("round42b", "Neither party shall be liable to the other for any loss of profits or any indirect loss.", {ALT}, None),
    # a consent the sentence opens with; a limit after "where" with no comma before it
    ("round42b", "the Company may manufacture semiconductor products directly for third parties", {ALT}, None),
    ("round42b", "S2K shall not act as an underwriter in connection with its wholesale activities", {ALT}, None),
    # a condition of time the sentence opens with, left out where the quote capitalises the next word
    ("round42b", "No weight restriction is considered necessary.", {ALT}, None),
    ("round42b", "The licence becomes irrevocable.", {ALT}, None),
    # a cure period in a relative clause ("which breach has remained uncured for more than thirty (30) days")
    ("round42b", "Either Party may terminate this Agreement by written notice if the other Party is in breach of its "
                 "obligations under this Agreement.", {ALT}, None),
    # ... and since the 38th stop a fragment cut right before that semicolon too (the rule without its
    # exception); one that copies its clause with the semicolon is a clause of the source
    ("proviso", "Neither Party may assign this Agreement without the prior written consent of the other Party", {ALT},
     ["Neither Party may assign this Agreement without the prior written consent of the other Party"]),
    ("proviso", "Neither Party may assign this Agreement without the prior written consent of the other Party;", {V_},
     ["Neither Party may assign this Agreement without the prior written consent of the other Party;"]),
    # a full stop before a relative clause with no comma, which narrows the noun the quote ends on;
    # one after a comma adds a claim of its own
    ("relative", "FCC may sell terpene to other parties.", {ALT}, ["FCC may sell terpene to other parties"]),
    ("relative", "Talent will not endorse any other product.", {ALT}, ["Talent will not endorse any other product"]),
    ("relative", "The shares go to the founders.", {NV}, ["The shares go to the founders,"]),
    ("relative", "No Member will be liable for any failure to act.", {ALT},
     ["No Member will be liable for any failure to act"]),
    # a condition the quote ends in, that the source goes on with "and": only part of it is stated
    ("relative", "Physicians may dispense drugs in their offices as long as there is no exploitation.", {ALT},
     ["Physicians may dispense drugs in their offices as long as there is no exploitation"]),
    ("relative", "The plant cooled the air until it liquefied and then distilled the gases.", {NV},
     ["The plant cooled the air until it liquefied and then distilled the gases"]),
    # ... and a concession or a trigger right after it ("although", "upon"); a "but" clause is a claim of its own
    ("relative", "Effects were larger for aerobic than for resistance training.", {ALT},
     ["Effects were larger for aerobic than for resistance training,"]),
    ("relative", "This agreement shall renew for three years.", {ALT}, ["This agreement shall renew for three years"]),
    ("relative", "Sales rose 5%.", {NV}, ["Sales rose 5%,"]),
    # a pronoun in brackets for the thing the source names
    ("round40", "with 58 per cent in favour; [it] needed a simple majority to pass.", {NV},
     ["with 58 per cent in favour; the measure needed a simple majority to pass."]),
    # a capital the source does not have: a condition opening the source's sentence is read too
    # (not before a name, whose capital is the source's); since the 64th stop also after an ellipsis, which marks the
    # cut but not the exception left out right past it (issue 10, section 2b: the words just past an edge ellipsis)
    ("unpaid", "Balances unpaid after that period bear interest of 1% per month.", {ALT},
     ["balances unpaid after that period bear interest of 1% per month."]),
    ("unpaid", "...balances unpaid after that period bear interest of 1% per month.", {ALT},
     ["balances unpaid after that period bear interest of 1% per month."]),
    ("unpaid", "Velora warrants the frame for five years.", {V_}, ["Velora warrants the frame for five years."]),
    ("prices", "The confidentiality agreement dated November 19, 2013 shall govern this agreement.", {NV},
     ["The confidentiality agreement dated Nov. 19, 2013 shall govern this agreement."]),
]


def _offsets(source: str, fragment: str) -> tuple[int, int]:
    i = source.find(fragment)
    assert i >= 0, f"test data: {fragment!r} is not in its source"
    assert source.find(fragment, i + 1) < 0, f"test data: {fragment!r} occurs twice"
    return i, i + len(fragment)


def _same_span(source: str, got: tuple[int, int], want: tuple[int, int]) -> bool:
    if got == want:
        return True
    # the only tolerance: a sentence-final period on either side
    (gs, ge), (ws, we) = got, want
    return gs == ws and source[min(ge, we) : max(ge, we)] == "."


@pytest.mark.slow
@pytest.mark.parametrize(("source_key", "quote", "allowed", "spans"), MARKS,
                         ids=[f"{s}-{i}" for i, (s, _q, _a, _sp) in enumerate(MARKS)])
def test_cut_bracketed_and_merged_quotes(verifier: Verifier, source_key: str, quote: str, allowed: set[Verdict],
                                         spans: list[str] | None) -> None:
    source = PASSAGES[source_key]
    r = verify_one(verifier, source_key, quote)
    assert r.verdict in allowed, f"{quote!r} came out {r.verdict.value}, expected {sorted(v.value for v in allowed)}"
    if spans is None:
        return
    want = [_offsets(source, f) for f in spans]
    got = sorted((s.start, s.end) for s in r.spans)
    if r.verdict in (V_, NV):
        assert len(got) == len(want) and all(_same_span(source, g, w) for g, w in zip(got, want)), (
            f"spans {[source[a:b] for a, b in got]} != {spans}")
    elif r.verdict is ALT:
        assert got, "an altered quote names the passage it distorts"
        lo, hi = want[0][0], want[-1][1]
        assert any(a < hi and b > lo for a, b in got), f"span {[source[a:b] for a, b in got]} misses {spans}"


def test_marks_table_size_and_span_data() -> None:
    assert len(MARKS) >= 30
    for key, _q, _allowed, spans in MARKS:
        for f in spans or []:
            _offsets(PASSAGES[key], f)


# --------------------------------------------------------------------------- 4. property: flips never pass

SENTENCES = [
    s for text in (LEASE, LICENSE, NDA, EMPLOY, FIN_1, FIN_2, NEWS_1, NEWS_2, SCI_1)
    for s in re.split(r"(?<=[.])\s+(?=[A-Z0-9])", text) if len(s.split()) >= 6
]
_AUX = re.compile(r"\b(shall|may|must|will|is|are|was|were|can|would)\b(?!\s+not\b)")
_NEGATED = re.compile(r"\b(shall|may|must|will|is|are|was|were|can|would|do|does)\s+not\b")
_NUMBER = re.compile(r"(?<![\w.,])\d+(?:,\d{3})*(?:\.\d+)?(?![\w])")


def flip_negation(sentence: str, pick: int) -> str | None:
    """Drop one negation if the sentence has one, else add 'not' after one auxiliary."""
    neg = list(_NEGATED.finditer(sentence))
    if neg:
        m = neg[pick % len(neg)]
        return sentence[: m.start()] + m.group(1) + sentence[m.end() :]
    aux = list(_AUX.finditer(sentence))
    if not aux:
        return None
    m = aux[pick % len(aux)]
    return sentence[: m.end()] + " not" + sentence[m.end() :]


def change_number(sentence: str, pick: int, delta: int) -> str | None:
    nums = list(_NUMBER.finditer(sentence))
    if not nums:
        return None
    m = nums[pick % len(nums)]
    old = m.group(0)
    if "." in old:
        whole, frac = old.replace(",", "").split(".")
        new = f"{int(whole) + delta}.{frac}"
    else:
        new = str(int(old.replace(",", "")) + delta)
        if "," in old:
            new = f"{int(new):,}"
    return sentence[: m.start()] + new + sentence[m.end() :]


@pytest.mark.slow
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.sampled_from(SENTENCES), st.booleans(), st.integers(0, 20), st.integers(1, 999))
def test_flipped_negation_or_changed_number_is_never_passed(verifier: Verifier, sentence: str, negate: bool,
                                                            pick: int, delta: int) -> None:
    quote = flip_negation(sentence, pick) if negate else change_number(sentence, pick, delta)
    if quote is None:
        quote = change_number(sentence, pick, delta) if negate else flip_negation(sentence, pick)
    assume(quote is not None and quote != sentence)  # a sentence with neither a number nor a negatable verb
    source = " ".join(SENTENCES)
    [r] = verifier.verify([quote], [Source("doc", source)])
    assert r.verdict not in PASSED_ON, f"{quote!r} (from {sentence!r}) came out {r.verdict.value}"


# --------------------------------------------------------------------------- 5. the guard never "fixes" a flip

GUARD_CASES = [
    ("The Tenant may assign this Lease or sublet the Premises without the consent of the Landlord.",
     "The Tenant shall not assign this Lease or sublet the Premises without the prior written consent of the "
     "Landlord, which consent shall not be unreasonably withheld.", LEASE),
    ("Revenue fell 12 percent to 4.1 billion dollars in 2023.",
     "Revenue increased by 12% to $4.1 billion in 2023, driven by higher subscription sales in North America.", FIN_1),
    ("The Receiving Party is free to disclose Confidential Information to any third party.",
     "The Receiving Party shall hold all Confidential Information in strict confidence and shall not disclose it to "
     "any third party.", NDA),
]


@pytest.mark.slow
@pytest.mark.filterwarnings("ignore:Item .* on TypedDict class .* `ReadOnly` qualifier:UserWarning")
@pytest.mark.parametrize(("bad_quote", "true_sentence", "document"), GUARD_CASES, ids=["lease", "revenue", "nda"])
def test_guard_never_rewrites_an_altered_paraphrase_into_the_source(bad_quote: str, true_sentence: str,
                                                                   document: str) -> None:
    answer = f"According to the document, “{bad_quote}” So the answer is yes."
    messages = [
        {"role": "system", "content": "Answer from the document. Quote it exactly."},
        {"role": "user", "content": f'<document id="doc">{document}</document>\nWhat does it say?'},
    ]
    with LLMServer([Reply.text(answer) for _ in range(4)]) as server:
        guard = QuoteGuard(overrides={
            "model.api_base": server.base_url, "model.params": {"api_key": "sk-test"}, "reask.max_attempts": 2,
        })
        resp = guard.completion(model="openai/test-model", messages=messages)
    final = resp.choices[0].message.content
    report = QuoteGuard.report_of(resp)
    assert report is not None
    # the false claim must not gain a true-looking quote: no part of the source sentence replaces it
    assert true_sentence not in final
    for sentence_part in re.split(r",\s*", true_sentence):
        if len(sentence_part.split()) >= 6:
            assert sentence_part not in final, f"the quote was rewritten into the source: {final!r}"
    for q in report.quotes:
        if q.quote.strip() == bad_quote.strip():
            assert q.verdict not in PASSED_ON, f"{bad_quote!r} judged {q.verdict.value}"
            assert str(getattr(q.action, "value", q.action)) != "fix"


@pytest.mark.parametrize("gap_opens, verdict", [
    ("except where the Buyer has not paid the deposit", ALT),  # the gap limits the first fragment
    ("to the Buyer's warehouse in Leeds on pallets", V_),  # it only goes on
])
def test_a_long_omitted_stretch_is_read_for_the_words_that_limit_the_quote(gap_opens, verdict):
    # issue 10, 2b: what an ellipsis leaves out decides, however far apart the fragments are
    # (a gap of many hundred characters is read only as far as its first words decide; a limiting
    # word deep inside it limits something else)
    filler = " ".join(f"clause {k} names the carrier, the route and the insurer unless agreed" for k in range(14))
    text = (f"The Supplier shall deliver the goods {gap_opens}, and {filler}. "
            "Payment is due within thirty days of delivery.")
    quote = "The Supplier shall deliver the goods ... Payment is due within thirty days of delivery."
    [r] = Verifier().verify([quote], [Source("supply", text)])
    assert len(text) > 1000
    assert r.verdict is verdict, r.reason


def test_an_added_clause_is_read_in_contract_language_only(verifier: Verifier) -> None:
    """A clause the passage does not state is an invented term in a contract (where each clause is a
    right or a duty), and a restatement's own words in news: the same words, two registers."""
    from quote_guard.verify import _added_clause, _stated

    stage = verifier._semantic()
    assert stage is not None
    contract = "Any invention conceived jointly by the parties shall be owned jointly by the parties."
    news = "Any invention conceived jointly by the researchers was owned jointly by the two universities."
    quote = "Inventions conceived jointly are owned jointly, with revenues shared equally between them."
    in_contract, in_news = _stated(contract, 0, len(contract)), _stated(news, 0, len(news))
    [added] = _added_clause(quote, contract, in_contract, stage)
    assert added.category == "added" and "revenues shared equally" in added.quote_text
    assert _added_clause(quote, news, in_news, stage) == ()
    # a clause that restates the passage in other words adds nothing
    assert _added_clause("Jointly conceived inventions shall be jointly owned by the parties.", contract,
                         in_contract, stage) == ()


@pytest.mark.parametrize(("quote", "passage", "other"), [
    # a quotation cut at its start: the words before the closing mark and the attribution are speech
    ('We will appeal the fine in the high court," said Ana Ruiz.', '"We accept the findings," said Ana Ruiz.', True),
    ('We accept the findings in full," said Ana Ruiz.', '"We accept the findings," said Ana Ruiz.', False),
    # no speech in the passage, or too few spoken words in the quote to compare
    ('"We will appeal the fine," said Ana Ruiz.', "Ana Ruiz said the bank accepted the findings.", False),
    ('"Appeal it," said Ana Ruiz.', '"We accept the findings," said Ana Ruiz.', False),
])
def test_words_put_in_a_speakers_mouth(quote: str, passage: str, other: bool) -> None:
    from quote_guard.meaning import _other_speech

    assert (_other_speech(quote, passage) is not None) is other


@pytest.mark.parametrize(("quote", "passage", "swap"), [
    ("her maternal aunt signed the deed", "her paternal aunt signed the deed", ("maternal", "paternal")),
    ("prices were lowered twice", "prices were raised twice", ("lowered", "raised")),  # inflected base forms
    # replaced in place, though the quote has the passage's word elsewhere
    ("may ascend, not descend, at will", "may descend, not descend, at will", ("ascend", "descend")),
    # next to the same function word only: no place in common ("begins on" restating "commences on ... end on")
    ("the term begins on March 1", "the term commences on March 1 and shall end on May 2", None),
    ("a junior partner signed it", "a senior partner signed it", ("junior", "senior")),
    # antonyms in the same texts but not in the same place: a restatement, not a swap
    ("a new system replaced the old one", "the old system was replaced by a new one", None),
    # the passage uses the quote's word too: not put in place of its antonym
    ("the strong and the weak", "the weak and the strong", None),
    ("sales were strong", "sales were robust", None),  # a synonym is no antonym
])
def test_an_antonym_counts_only_where_it_stands_for_the_passage_word(quote: str, passage: str,
                                                                      swap: tuple[str, str] | None) -> None:
    from quote_guard.meaning import _antonym_swap, _words

    assert _antonym_swap(_words(quote), _words(passage)) == swap


def test_the_antonym_list_is_wordnets_with_its_licence(tmp_path) -> None:
    # the shipped list carries WordNet's licence (it must travel with every copy) and its pairs
    # read both ways; the builder reads the antonym pointers of a WordNet dict folder
    import importlib.util
    from importlib.resources import files
    from pathlib import Path

    from quote_guard.meaning import _antonym_table

    text = files("quote_guard").joinpath("wordnet_antonyms.txt").read_text(encoding="utf-8")
    assert "WordNet 3.0 Copyright 2006 by Princeton University" in text
    table = _antonym_table()
    assert len(table) > 4000 and "junior" in table["senior"] and "senior" in table["junior"]
    spec = importlib.util.spec_from_file_location("build_antonyms", Path(__file__).parent.parent / "scripts" / "build_antonyms.py")
    assert spec is not None and spec.loader is not None
    build = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build)
    # two adjective synsets that point at each other's first word, a satellite similar to the first, a
    # phrase pair, and a verb pair; the other words of a head's synset and of its satellites are
    # indirect antonyms of the other head's word ("s")
    (tmp_path / "LICENSE.txt").write_text("WordNet Release 3.0\n", encoding="latin-1")
    (tmp_path / "data.adj").write_text(
        "  1 licence header line\n"
        "00000100 00 a 02 strong 0 potent 0 002 ! 00000200 a 0101 & 00000700 s 0000 | gloss\n"
        "00000200 00 a 01 weak 0 001 ! 00000100 a 0101 | gloss\n"
        "00000300 00 s 01 well_off 0 001 ! 00000400 a 0101 | a phrase: left out\n"
        "00000400 00 a 01 poor(a) 0 000 | gloss\n"
        "00000700 00 s 01 mighty 0 001 & 00000100 a 0000 | gloss\n", encoding="latin-1")
    (tmp_path / "data.verb").write_text("00000500 29 v 01 raise 0 001 ! 00000600 v 0101 | gloss\n"
                                        "00000600 29 v 01 lower 0 000 | gloss\n", encoding="latin-1")
    licence, pairs = build.antonym_pairs(tmp_path)
    assert licence.startswith("WordNet Release 3.0")
    assert pairs == {("a", "strong", "weak"), ("v", "lower", "raise"), ("s", "potent", "weak"), ("s", "mighty", "weak")}


@pytest.mark.parametrize("module", ["quote_guard.meaning", "quote_guard.normalize", "quote_guard.align",
                                    "quote_guard.verify", "quote_guard.judge"])
def test_docstring_examples_of_the_core_run(module: str) -> None:
    import doctest
    import importlib

    failed, attempted = doctest.testmod(importlib.import_module(module), optionflags=doctest.ELLIPSIS)
    assert attempted > 0 and failed == 0


@pytest.mark.parametrize("condition, verdict", [
    # a condition the next fragment's sentence (or clause, after a semicolon) opens with, left in the gap
    ("if no resolution is reached within a further thirty (30) days, ", ALT),
    ("unless the Supplier remedies the breach within ten days, ", ALT),
    # a clause that opens with no condition
    ("in that event, ", V_),
])
def test_an_ellipsis_that_leaves_out_the_condition_the_next_fragment_opens_with_is_altered(condition, verdict):
    text = ("If the Customer objects, the parties shall discuss the objection in good faith; "
            f"{condition}the Customer may terminate the affected Services, without penalty, by written notice.")
    quote = "If the Customer objects, the parties shall discuss the objection in good faith ... the Customer may terminate the affected Services"
    [r] = Verifier().verify([quote], [Source("dpa", text)])
    assert r.verdict is verdict, r.reason


_SUPPLY = ("Definitions. The Supplier shall deliver the Goods and/or the Services to the Customer prior to the "
           "Delivery Date. The Customer shall pay each invoice within thirty (30) days of receipt. In the event "
           "that the Customer rejects the Goods, the Supplier shall refund the fees paid. In the event that the "
           "Customer elects to extend the Term, the Supplier will reasonably cooperate with the Customer, and the "
           "Customer shall reimburse the Supplier for all reasonable costs incurred as a result of such "
           "cooperation. The Supplier may terminate this Agreement on written notice, except as set out below.")
_TWO = ("The Supplier shall deliver the Goods or the Services to the Customer before the Delivery Date. "
        "The Customer shall pay each invoice within thirty (30) days of receipt.")


_RECORDS = ("Definitions. Licensee shall keep complete and accurate books and records of all sales of the Licensed "
            "Products and/or the Licensed Services. Licensee shall not destroy any such records for a period of five (5) "
            "years after the end of the calendar year to which they relate. Licensor may terminate this Agreement on "
            "written notice.")
_KEPT = _RECORDS[_RECORDS.index("Licensee") : _RECORDS.index(" Licensor may")]  # its two sentences on records


@pytest.mark.parametrize("quote, verdict", [
    # two sentences, "or" for "and/or": the semantic stage's passage is one sentence, whose neighbour's
    # prohibition it would read as added; the lexical stage's passage holds both
    (_KEPT.replace("and/or", "or"), Verdict.PARAPHRASE),
    (_KEPT.replace("and/or", "or").replace("shall not", "may"), Verdict.ALTERED),
    (_KEPT.replace("and/or", "or").replace("five (5)", "two (2)"), Verdict.ALTERED),
    # the time limit its sentence goes on with, left out
    (_KEPT[: _KEPT.index(" for a period")].replace("and/or", "or") + ".", Verdict.ALTERED),
])
def test_a_reworded_copy_of_two_sentences(quote: str, verdict: Verdict) -> None:
    [r] = Verifier().verify([quote], [Source("licence", _RECORDS)])
    assert r.verdict is verdict, r.reason
    if verdict is Verdict.PARAPHRASE:
        assert r.verbatim == _KEPT and r.spans[0].start == _RECORDS.index(_KEPT)
        # its differences are with that passage: the one wording change, which the guard may fix
        assert [(d.source_text, d.category) for d in r.metrics.differences] == [("and /", "wording")]


@pytest.mark.parametrize("quote, verdict, span_of", [
    # a contract's words written plainly, over two sentences: the lexical stage's passage read whole
    (_TWO, Verdict.PARAPHRASE, _TWO.replace(" or ", " and/or ").replace("before", "prior to")),
    ("The Supplier must deliver the Goods or the Services to the Customer before the Delivery Date. "
     "The Customer must pay each invoice within thirty (30) days of receipt.", Verdict.PARAPHRASE,
     _TWO.replace(" or ", " and/or ").replace("before", "prior to")),
    ("The Supplier will deliver the Goods or the Services to the Customer before the Delivery Date. "
     "The Customer will pay each invoice within thirty (30) days of receipt.", Verdict.PARAPHRASE,
     _TWO.replace(" or ", " and/or ").replace("before", "prior to")),
    # ... with a change of meaning as well: rejected
    (_TWO.replace("Customer shall pay", "Customer may pay"), Verdict.ALTERED, None),
    (_TWO.replace("Customer shall pay", "Customer will not pay"), Verdict.ALTERED, None),
    (_TWO.replace("shall", "will").replace("thirty (30)", "sixty (60)"), Verdict.UNSUPPORTED, None),  # (60 is in no passage)
    (_TWO.replace("thirty (30)", "sixty (60)"), Verdict.ALTERED, None),
    (_TWO.replace("Supplier shall deliver", "Customer shall deliver").replace("to the Customer", "to the Supplier"),
     Verdict.ALTERED, None),
    # "If" for the sentence's "In the event that": the passage starts at the sentence's start
    ("If the Customer rejects the Goods, the Supplier shall refund the fees paid.", Verdict.PARAPHRASE,
     "In the event that the Customer rejects the Goods, the Supplier shall refund the fees paid."),
    # a reworded copy that leaves out the condition its sentence opens with, or the exception it goes on to
    ("The Supplier will reasonably cooperate with the Customer, and the Customer must reimburse the Supplier for all "
     "reasonable costs incurred as a result of such cooperation.", Verdict.ALTERED, None),
    ("The Supplier may end this Agreement on written notice.", Verdict.ALTERED, None),
])
def test_a_reworded_copy_is_read_against_the_passage_it_rewords(quote: str, verdict: Verdict, span_of: str | None) -> None:
    [r] = Verifier().verify([quote], [Source("supply", _SUPPLY)])
    assert r.verdict is verdict, r.reason
    if span_of is not None:
        assert r.verbatim == span_of and _SUPPLY[r.spans[0].start : r.spans[0].end] == span_of


def test_a_reworded_copy_rejected_names_no_passage() -> None:
    # the lexical stage keeps the passage a reworded copy rewords for the semantic stage only: with the
    # stage off (or finding no paraphrase), a rejection has no span, as every rejection
    [r] = Verifier(semantic={"enabled": False}).verify([_TWO], [Source("supply", _SUPPLY)])
    assert r.verdict is Verdict.UNSUPPORTED and r.spans == () and r.verbatim is None and r.context == ""


_FX = ("Net sales rose in the period. In addition, there was a favorable impact of $7.6 million from foreign currency "
       "exchange primarily due to the change in the value of the Euro compared to the U.S. dollar.\n\nIn fiscal years "
       "2018 and 2017, net sales by region were as follows.")


@pytest.mark.parametrize("quote, verdict", [
    # plain words, and the link to the sentence before moved to the end: read against its own sentence,
    # not aligned on into the next one ("in addition." against ". In fiscal")
    ("There was a favorable impact of $7.6 million from foreign currency exchange mainly because of the change in "
     "the value of the Euro compared with the U.S. dollar in addition.", Verdict.PARAPHRASE),
    ("There was an unfavorable impact of $7.6 million from foreign currency exchange mainly because of the change "
     "in the value of the Euro compared with the U.S. dollar in addition.", Verdict.ALTERED),
])
def test_plain_words_and_a_moved_link(quote: str, verdict: Verdict) -> None:
    [r] = Verifier().verify([quote], [Source("mdna", _FX)])
    assert r.verdict is verdict, r.reason


@pytest.mark.parametrize("source, quote", [
    # its first words are also the start of another sentence of the source: still one stretch, reworded,
    # not two pieces stitched together
    ("1. Fees. MMI will invoice Dragon Systems at the end of each month. 2. Records. Each party keeps records of its "
     "work. 3. Invoices. MMI shall invoice Dragon Systems indicating the performed services in US$ with reference to "
     "this Agreement. 4. Payment is due in thirty days.",
     "MMI will invoice Dragon Systems indicating the performed services in US$ with reference to this Agreement."),
    # a word said twice ("Securities", "number"): the same content words in the same order cross nothing over
    ('Definitions. If the number of Securities is increased or decreased, the term "Securities" shall mean such '
     'greater or lesser number, where applicable. Other terms follow.',
     'If the number of Securities is increased or decreased, the term "Securities" will mean such greater or lesser '
     'number, where applicable.'),
])
def test_a_reworded_copy_is_no_stitch_nor_role_reversal(source: str, quote: str) -> None:
    [r] = Verifier().verify([quote], [Source("s", source)])
    assert r.verdict is Verdict.PARAPHRASE, r.reason


_BOARD = ("Meetings of the Board shall be held at the registered office of the Company. For calling a meeting of the "
          "Board, a notice of at least ten (10) days in advance in writing shall be given to each Director, including "
          "Directors resident abroad. However, a meeting of the Board may be called by giving a shorter notice provided "
          "it is agreed in writing by all the Directors. Minutes shall be kept of every meeting of the Board.")
_BOARD_DUTY = ("A written notice of at least 10 days must be given to each Director, including those resident abroad, "
               "to call a Board meeting, although a meeting can be called on shorter notice")


@pytest.mark.parametrize("quote, verdict", [
    # two neighbouring sentences in one: the second half's permission ("can") is its own sentence's ("may"),
    # and its "if" restates that sentence's "provided"
    (f"{_BOARD_DUTY} if all the Directors agree in writing.", Verdict.PARAPHRASE),
    # ... not where the condition is left out, or is another's
    (f"{_BOARD_DUTY}.", Verdict.ALTERED),
    (f"{_BOARD_DUTY} if the Chairman agrees.", Verdict.ALTERED),
    (f"{_BOARD_DUTY} if the auditors agree in writing.", Verdict.ALTERED),
    # ... nor where the first half's duty is made a permission
    (f"{_BOARD_DUTY.replace('must be', 'may be')} if all the Directors agree in writing.", Verdict.ALTERED),
])
def test_a_merged_quote_keeps_the_modal_and_the_condition_of_each_sentence(quote: str, verdict: Verdict) -> None:
    [r] = Verifier().verify([quote], [Source("articles", _BOARD)])
    assert r.verdict is verdict, r.reason


_FUND = ("Marketing. The Franchisor may increase the marketing contribution upon sixty (60) days' written notice, "
         "provided that the total contribution shall not exceed five percent (5%) of Gross Sales. The Franchisee "
         "shall pay the contribution weekly.")


@pytest.mark.parametrize("quote, verdict", [
    # a proviso that stipulates ("provided that ... shall not exceed"), restated after "but": kept
    ("The marketing contribution can be raised on 60 days' written notice, but it can never go above 5% of Gross "
     "Sales.", {Verdict.PARAPHRASE}),
    # ... told of another figure, or left out for a "but" of the quote's own
    ("The marketing contribution can be raised on 60 days' written notice, but it can never go above 8% of Gross "
     "Sales.", {Verdict.ALTERED, Verdict.UNSUPPORTED}),
    ("The marketing contribution can be raised on 60 days' written notice, but only by the Franchisor.",
     {Verdict.ALTERED, Verdict.UNSUPPORTED}),
])
def test_a_stipulating_proviso_restated_with_but(quote: str, verdict: set[Verdict]) -> None:
    [r] = Verifier().verify([quote], [Source("franchise", _FUND)])
    assert r.verdict in verdict, r.reason


_MARKET = ("Trade grew quickly in the town. The Grainger Market replaced an earlier market built in 1808 called the "
           "Butcher Market. The Grainger Market itself opened in 1835 and was the town's first indoor market. It had "
           "243 shops.")


@pytest.mark.parametrize("quote, verdict", [
    # two neighbouring sentences in one, parted by a plain "and", each half with its own sentence's figures
    ("The Grainger Market opened in 1835 and replaced the Butcher Market, which had been built in 1808.",
     Verdict.PARAPHRASE),
    # ... not with a figure of neither, or the two figures swapped between the halves
    ("The Grainger Market opened in 1835 and replaced the Butcher Market, which had been built in 1810.",
     Verdict.UNSUPPORTED),
    ("The Grainger Market opened in 1808 and replaced the Butcher Market, which had been built in 1835.",
     Verdict.UNSUPPORTED),
    # ... nor with a name its sentence does not have, across a plain "and"
    ("The Grainger Market opened in 1835 and replaced the Butcher Market of Newcastle, which had been built in 1808.",
     Verdict.UNSUPPORTED),
])
def test_two_sentences_joined_by_a_plain_and_keep_their_own_figures_and_names(quote: str, verdict: Verdict) -> None:
    [r] = Verifier().verify([quote], [Source("market", _MARKET)])
    assert r.verdict is verdict, r.reason
    if verdict is Verdict.PARAPHRASE:
        assert r.verbatim == _MARKET[_MARKET.index("The Grainger Market replaced") : _MARKET.index(" It had")]


_FEE = ("Compensation. Within five days of signing, the Company shall pay to AGI a retainer of $1,500,000 by wire "
        "transfer. This retainer shall be fully earned by AGI upon the receipt thereof and shall not be refundable for "
        "any reason. Expenses are paid monthly.")


@pytest.mark.parametrize("source, quote, verdict", [
    # the passage points back ("This retainer"); the quote names it by the sentence before, with its figure
    (_FEE, "the $1,500,000 retainer is fully earned by AGI when it receives it and is not refundable for any reason",
     {Verdict.PARAPHRASE}),
    # ... not with a figure the sentence before does not state, nor with the passage's claim turned
    (_FEE, "the $2,500,000 retainer is fully earned by AGI when it receives it and is not refundable for any reason",
     {Verdict.UNSUPPORTED}),
    (_FEE, "the $1,500,000 retainer is fully earned by AGI when it receives it and is refundable for any reason",
     {Verdict.ALTERED, Verdict.UNSUPPORTED}),
    # ... only where it points back: "The retainer" may be another's
    (_FEE.replace("This retainer", "The retainer"), "the $1,500,000 retainer is fully earned by AGI when it receives "
     "it and is not refundable for any reason", {Verdict.UNSUPPORTED}),
])
def test_a_passage_that_points_back_is_read_with_the_sentence_it_points_to(source: str, quote: str,
                                                                           verdict: set[Verdict]) -> None:
    [r] = Verifier().verify([quote], [Source("fee", source)])
    assert r.verdict in verdict, r.reason
    if Verdict.PARAPHRASE in verdict:
        assert r.verbatim == _FEE[_FEE.index("Within") : _FEE.index(" Expenses")]


@pytest.mark.parametrize("quote, passage, negation", [
    # the negation moved from the thing to its verb: the same denial
    ("almost half of the cases, 71 of 147, did not report a cough",
     "Nearly half of the confirmed cases (71 of 147) reported no cough.", False),
    ("A claim can't be brought more than 18 months after the Licensee becomes aware of the facts.",
     "No claim may be brought more than eighteen (18) months after the Licensee becomes aware of the facts.", False),
    # ... but not where the other text's negation is in another clause
    ("there would be no loss of outlook", "while there would be some loss of outlook, the harm would not be "
     "significant", True),
    # "avoid" is "not" doing something to the same thing
    ("pregnant women should not eat cold-smoked fish unless it is heated",
     "Pregnant women should avoid cold-smoked fish unless it is heated.", False),
    ("pregnant women should eat cold-smoked fish unless it is heated",
     "Pregnant women should avoid cold-smoked fish unless it is heated.", True),
    # "failure to perform" says what "fails to perform" says; "failure by Wildform to correct" is "does not correct"
    ("either party may terminate on notice of the other's failure to perform, if the breach is not cured within 30 days",
     "If either party fails to perform, the other may terminate on notice, if such breach is not cured within thirty "
     "(30) days.", False),
    ("If Wildform does not correct an error within the period, that is not deemed a breach.",
     "Failure by Wildform to correct an error within the period shall not be deemed a breach.", False),
    ("If Wildform corrects an error within the period, that is not deemed a breach.",
     "Failure by Wildform to correct an error within the period shall not be deemed a breach.", True),
    # "unpaid" is "not paid": a participle without "-ed", negated by "un-"
    ("Termination does not affect the right to recover royalties that accrued before termination but were not paid.",
     "Termination shall not affect the right to recover unpaid royalties accrued prior to termination.", False),
    # "unemployment" is a noun, no negation
    ("inflation is expected to return to the 2% target next year",
     "The unemployment rate edged up. Inflation is expected to return to the 2% target next year.", False),
])
def test_a_negation_told_another_way(quote: str, passage: str, negation: bool) -> None:
    from quote_guard.meaning import meaning_differences

    found = [d for d in meaning_differences(quote, passage) if d.category == "negation"]
    assert bool(found) is negation, found


_PAYS = ("Payment. {a} shall pay the fee to {b} within thirty (30) days of the invoice. {b} shall deliver the goods on "
         "time.")


@pytest.mark.parametrize("a, b, quote, verdict", [
    # the party the passage's party pays made the one who pays: named, by role, or by a letter
    ("Northwind", "Fabrikam", "Fabrikam must pay the fee within 30 days of the invoice.", REJECTED),
    ("The Licensee", "the Licensor", "The Licensor must pay the fee within 30 days of the invoice.", REJECTED),
    ("Party B", "Party A", "Party A must pay the fee within 30 days of the invoice.", REJECTED),
    ("Party B", "Party A", "Party A must pay the fee to Party B within 30 days of the invoice.", REJECTED),
    # ... not the same parties in their places, a converse, a passive, or the other party's own duty
    ("Party B", "Party A", "Party B must pay the fee to Party A within 30 days of the invoice.", {Verdict.PARAPHRASE}),
    ("The Licensee", "the Licensor", "The Licensor will receive the fee within 30 days of the invoice.",
     {Verdict.PARAPHRASE}),
    ("The Licensee", "the Licensor", "The Licensor must be paid the fee within 30 days of the invoice.",
     {Verdict.PARAPHRASE}),
    ("The Licensee", "the Licensor", "The Licensor must deliver the goods on time.", {Verdict.PARAPHRASE}),
])
def test_the_party_acted_towards_is_not_the_party_that_acts(a: str, b: str, quote: str, verdict: set[Verdict]) -> None:
    source = _PAYS.format(a=a, b=b)
    source = source.replace(". the", ". The")
    [r] = Verifier().verify([quote], [Source("pay", source)])
    assert r.verdict in verdict, r.reason


def test_a_list_items_letter_or_a_partys_is_no_figure() -> None:
    from quote_guard.meaning import meaning_differences

    found = meaning_differences("Under clause (b) the Sponsor may cure the breach within 15 days.",
                                "Under the second clause the Sponsor may cure the breach within fifteen (15) days.")
    assert not [d for d in found if d.category == "number"], found


def test_a_party_named_by_another_letter() -> None:
    from quote_guard.meaning import meaning_differences

    found = meaning_differences("Party A shall deliver the goods on time.", "Party B shall deliver the goods on time.")
    assert [(d.quote_text, d.source_text, d.category) for d in found] == [("Party A", "Party B", "party")]
    assert not meaning_differences("Party B must deliver the goods on time.", "Party B shall deliver the goods on time.")


@pytest.mark.parametrize("quote, verdict", [
    # what one side of a case owns, given to the other: the same words otherwise
    ("The court granted the plaintiff's motion to dismiss the claim.", REJECTED),
    ("The defendant's motion to dismiss the claim was granted by the court.", {Verdict.PARAPHRASE}),
])
def test_a_possession_given_to_the_other_side(quote: str, verdict: set[Verdict]) -> None:
    source = "Ruling. The court granted the defendant's motion to dismiss the claim. The plaintiff may appeal."
    [r] = Verifier().verify([quote], [Source("ruling", source)])
    assert r.verdict in verdict, r.reason


@pytest.mark.parametrize("quote, passage, changed", [
    # "one and a half" is 1.5
    ("Employees get overtime at one and a half times their hourly rate.",
     "Employees are entitled to overtime pay at 1.5 times the hourly rate.", False),
    ("Employees get overtime at two and a half times their hourly rate.",
     "Employees are entitled to overtime pay at 1.5 times the hourly rate.", True),
])
def test_a_number_and_a_half(quote: str, passage: str, changed: bool) -> None:
    from quote_guard.meaning import meaning_differences

    assert bool([d for d in meaning_differences(quote, passage) if d.category == "number"]) is changed


@pytest.mark.parametrize("quote, passage, changed", [
    # "twice" that counts is two times: "two rate cuts", "no more than two such cures"
    ("If inflation keeps falling, the bank expects two rate cuts this year.",
     "The bank expects to cut interest rates twice this year if inflation continues to fall.", False),
    ("The Sponsor may cure a breach no more than twice in any four quarters.",
     "No more than two such cures may be made in any four consecutive quarters.", False),
    ("The bank expects to cut interest rates three times this year.",
     "The bank expects to cut interest rates twice this year.", True),
    # ... and a rate, or a multiple, stays what it was
    ("Adults should take 500 mg twice a day with food.", "The dose for adults is 500 mg twice daily, with food.", False),
    ("Prices were twice as high in 2023.", "Prices were three times as high in 2023.", True),
])
def test_twice_counts_times(quote: str, passage: str, changed: bool) -> None:
    from quote_guard.meaning import meaning_differences

    assert bool([d for d in meaning_differences(quote, passage) if d.category == "number"]) is changed


@pytest.mark.parametrize("quote, verdict", [
    # a manner word that moves ("modestly" / "a modest rise") is no subject or object changing places
    ("The company expects a modest rise in revenue next year, though currency effects could hurt margins.",
     {Verdict.PARAPHRASE}),
    ("The company expects margins to rise next year, though currency effects could weigh on revenue.", REJECTED),
])
def test_a_manner_word_moved_is_no_role_reversal(quote: str, verdict: set[Verdict]) -> None:
    source = ("Outlook. The company expects revenue to rise modestly next year, although currency effects may weigh "
              "on margins. Guidance is unchanged.")
    [r] = Verifier().verify([quote], [Source("outlook", source)])
    assert r.verdict in verdict, r.reason


@pytest.mark.parametrize("quote, verdict", [
    # a denial told as the claim it denies
    ("The minister said the government had approved the sale.", REJECTED),
    ("The minister confirmed that the government had approved the sale.", REJECTED),
    # ... not a denial in other words
    ("The minister rejected claims that the government had approved the sale.", {Verdict.PARAPHRASE}),
])
def test_a_denial_is_not_the_claim_it_denies(quote: str, verdict: set[Verdict]) -> None:
    source = ("Statement. The minister denied that the government had approved the sale. Officials declined to "
              "comment.")
    [r] = Verifier().verify([quote], [Source("statement", source)])
    assert r.verdict in verdict, r.reason


def test_disputing_that_figure_is_no_denied_clause() -> None:
    from quote_guard.meaning import meaning_differences

    # "that figure" is a noun phrase, not a clause the denial negates
    assert not meaning_differences("management says the ratio averaged one nurse to seven patients",
                                   "Hospital management disputes that figure, saying the ratio averaged one nurse to "
                                   "seven patients.")


_SURVEY = ("Survey. Nearly half of respondents said they had not received the letter. More than 40% lived in rural "
           "areas, and up to 300 letters were lost. In 2021, 120 offices closed. Fees rise to $500 at most. Staff with "
           "5 years or longer qualify.")


@pytest.mark.parametrize("quote, verdict", [
    # a figure quoted without the word before it that bounds or rounds it
    ("Half of respondents said they had not received the letter.", REJECTED),
    ("40% lived in rural areas", REJECTED),
    ("...300 letters were lost", REJECTED),
    # ... or without the words after it that bound it
    ("Fees rise to $500", REJECTED),
    ("Staff with 5 years", REJECTED),
    # ... kept with it, or a figure no such word stands before
    ("nearly half of respondents said they had not received the letter", {Verdict.NEAR_VERBATIM, Verdict.VERBATIM}),
    ("120 offices closed", {Verdict.VERBATIM}),
])
def test_a_figure_cut_from_the_word_that_bounds_it(quote: str, verdict: set[Verdict]) -> None:
    [r] = Verifier().verify([quote], [Source("survey", _SURVEY)])
    assert r.verdict in verdict, r.reason


_DATA_USE = ("Use of Data. The Provider shall not sell, rent or otherwise disclose Customer Data to any third party, "
             "except to its subprocessors bound by written obligations of confidentiality. The Provider may use "
             "aggregated and anonymised data for product improvement.")
_POST_HOC = ("Results. In the primary analysis, the treatment did not significantly reduce the risk of stroke. In a "
             "post-hoc analysis of patients over 75, the risk was reduced by 22%, but this finding should be "
             "interpreted with caution.")


@pytest.mark.parametrize("source, quote, verdict", [
    # a leading cut right after a negated list of verbs
    (_DATA_USE, "...disclose Customer Data to any third party, except to its subprocessors", REJECTED),
    (_DATA_USE, "The Provider may use aggregated and anonymised data ...", {Verdict.VERBATIM}),
    (_DATA_USE, "The Provider shall not sell ... Customer Data to any third party, except to its subprocessors",
     {Verdict.VERBATIM, Verdict.NEAR_VERBATIM}),
    # a finding cut before the caution the source gives it, with or without a mark of the cut
    (_POST_HOC, "In a post-hoc analysis of patients over 75, the risk was reduced by 22%...", REJECTED),
    (_POST_HOC, "the risk was reduced by 22%", REJECTED),
    (_POST_HOC, "the risk was reduced by 22%, but this finding should be interpreted with caution",
     {Verdict.VERBATIM}),
])
def test_what_a_cut_leaves_out_around_a_claim(source: str, quote: str, verdict: set[Verdict]) -> None:
    [r] = Verifier().verify([quote], [Source("s", source)])
    assert r.verdict in verdict, r.reason


@pytest.mark.parametrize("quote, kept", [
    # "if" restates "subject to" when its condition says nothing else
    ("The company intends to build a second Ohio factory by 2026, if it can finance it.", True),
    ("The company intends to build a second Ohio factory by 2026, if the board approves it.", False),
])
def test_if_for_subject_to(quote: str, kept: bool) -> None:
    from quote_guard.meaning import meaning_differences

    passage = "The company plans to build a second factory in Ohio by 2026, subject to financing."
    lost = [d for d in meaning_differences(quote, passage) if d.category == "connective"]
    assert (not lost) is kept, lost


@pytest.mark.parametrize("quote, verdict", [
    # the same sale told from the other side: the parties the other way round with the converse act
    ("The Buyer will buy the Shares from the Seller at the Closing.", {Verdict.PARAPHRASE}),
    # ... not the parties the other way round with the same act, nor the converse act with the parties kept
    ("The Buyer will sell the Shares to the Seller at the Closing.", REJECTED),
    ("The Seller will buy the Shares from the Buyer at the Closing.", REJECTED),
])
def test_a_sale_told_from_the_other_side(quote: str, verdict: set[Verdict]) -> None:
    source = "Sale. The Seller shall sell the Shares to the Buyer at the Closing. The price is fixed."
    [r] = Verifier().verify([quote], [Source("sale", source)])
    assert r.verdict in verdict, r.reason


@pytest.mark.parametrize("quote, verdict", [
    # the passive, its agent after "by": the same parties in the other order is the same act ...
    ("The Employee will be reimbursed by the Employer for reasonable travel expenses.", {Verdict.PARAPHRASE}),
    # ... and the same order turns it round
    ("The Employer will be reimbursed by the Employee for reasonable travel expenses.", REJECTED),
])
def test_a_passive_with_its_agent(quote: str, verdict: set[Verdict]) -> None:
    source = "Employment. The Employer shall reimburse the Employee for reasonable travel expenses. Claims are monthly."
    [r] = Verifier().verify([quote], [Source("employment", source)])
    assert r.verdict in verdict, r.reason
    # the same with two names
    named = {"Employer": "Northwind", "Employee": "Fabrikam"}
    [r] = Verifier().verify([quote.replace("The Employee", "Fabrikam").replace("The Employer", "Northwind")
                             .replace("the Employer", "Northwind").replace("the Employee", "Fabrikam")],
                            [Source("payment", source.replace("The Employer", named["Employer"])
                                    .replace("the Employee", named["Employee"]))])
    assert r.verdict in verdict, r.reason


@pytest.mark.parametrize("quote, verdict", [
    # the one who acts, a pronoun in the source, made the one acted on
    ("Ms Patel said the board had warned her twice about the risks before the merger.", REJECTED),
    # ... not the same roles in other words
    ("Ms Patel said she twice warned the board of the risks ahead of the merger.", {Verdict.PARAPHRASE}),
])
def test_a_pronoun_that_acts_made_the_one_acted_on(quote: str, verdict: set[Verdict]) -> None:
    source = ("Interview. Ms Patel said she had warned the board twice about the risks before the merger. The board "
              "denied it.")
    [r] = Verifier().verify([quote], [Source("interview", source)])
    assert r.verdict in verdict, r.reason


@pytest.mark.parametrize("quote, passage, changed", [
    # the amount of a change told as the level it reached, or the other way round
    ("Net revenue climbed to 12% in the third quarter.", "Net revenue rose by 12% to $4.2 billion in the third quarter.", True),
    ("The central bank cut its main rate to 0.25 percentage points on Thursday.",
     "The central bank cut its main rate by 0.25 percentage points to 4.5% on Thursday.", True),
    ("Unit sales increased to 8% year on year.", "Unit sales increased by 8% year on year.", True),
    ("The average selling price dropped by $310.", "The average selling price decreased to $310.", True),
    ("The plant cut its emissions to 40% between 2010 and 2020.", "The plant's emissions were cut by 40% between 2010 and 2020.", True),
    ("Unemployment rose to 4.1% last month.", "Unemployment saw an increase of 4.1% last month.", True),
    # the same change in other words
    ("Net revenue climbed 12% in the third quarter, to $4.2 billion.",
     "Net revenue rose by 12% to $4.2 billion in the third quarter.", False),
    ("Unemployment dropped to 3.9% in March, down from 4.1% in February.",
     "Unemployment fell to 3.9% in March from 4.1% in February.", False),
    ("Sales were up 8% from a year earlier.", "Sales increased by 8% year on year.", False),
    ("There was a fall of 3% in sales.", "Sales fell 3%.", False),
    # "up to", a sentence, a verb with an object: no change of a figure
    ("Fees may rise by up to 5% a year.", "Fees may rise up to 5% a year.", False),
    ("He was sentenced to 5 years.", "He was sentenced by the court to 5 years.", False),
    ("The company cut 40 jobs.", "The company cut jobs by 40.", False),
])
def test_a_change_by_an_amount_is_not_a_change_to_a_level(quote: str, passage: str, changed: bool) -> None:
    from quote_guard.meaning import meaning_differences

    assert bool([d for d in meaning_differences(quote, passage) if d.category == "number"]) is changed


def _assert_changed(quote: str, passage: str, changed: bool) -> None:
    """The meaning guard finds a load-bearing difference between them exactly when ``changed``."""
    from quote_guard.meaning import meaning_differences

    found = meaning_differences(quote, passage)
    assert bool(found) is changed, found


def _assert_passed(quote: str, source: Source, accepted: bool) -> None:
    """The quote's verdict passes it (verbatim, near-verbatim or a paraphrase) exactly when ``accepted``."""
    [r] = Verifier().verify([quote], [source])
    assert (r.verdict in (Verdict.VERBATIM, Verdict.NEAR_VERBATIM, Verdict.PARAPHRASE)) is accepted, r.reason


_PARALLEL = ("Results. Diluted earnings per share were $1.42, compared with $1.10 a year earlier. Basic earnings per share "
             "were $1.45. Cloud revenue grew 25% to $3.1 billion in the quarter. Hardware revenue declined 4% to "
             "$1.2 billion. Votes. The amendment on pensions passed by 212 votes to 190. The amendment on wages failed by "
             "15 votes.")


@pytest.mark.parametrize("quote, accepted", [
    # the term of the sentence next door, given the passage's claim
    ("Basic earnings per share were $1.42, compared with $1.10 a year before.", False),
    ("Hardware revenue grew 25% to $3.1 billion in the quarter.", False),
    ("The amendment on wages passed by 212 votes to 190.", False),
    # each claim with its own term
    ("Diluted earnings per share came to $1.42, against $1.10 a year earlier.", True),
    ("The pensions amendment was passed by 212 votes to 190.", True),
])
def test_a_term_of_the_parallel_sentence_next_door(quote: str, accepted: bool) -> None:
    _assert_passed(quote, Source("results", _PARALLEL), accepted)


@pytest.mark.parametrize("quote, passage, changed", [
    # whose expectation (fear, belief) it is, given to the one it is about
    ("The company expects to report a loss in the second half.",
     "Analysts expect the company to report a loss in the second half.", True),
    ("The central bank fears it will raise rates again in June.",
     "Investors fear that the central bank will raise rates again in June.", True),
    ("The companies suspect the merger would reduce competition.",
     "Regulators suspect the companies' merger would reduce competition.", True),
    # the same holder, or none named
    ("Analysts anticipate that the company will report a loss in the second half.",
     "Analysts expect the company to report a loss in the second half.", False),
    ("Revenue is expected to grow by 5% next year, the company said.",
     "The company expects revenue to grow by 5% next year.", False),
    ("A demurrage claim is deemed waived unless it is presented within 90 days.",
     "Any claim for demurrage shall be deemed waived unless presented within ninety (90) days.", False),
])
def test_whose_expectation_it_is(quote: str, passage: str, changed: bool) -> None:
    from quote_guard.meaning import meaning_differences

    assert bool([d for d in meaning_differences(quote, passage) if d.category == "party"]) is changed


@pytest.mark.parametrize("quote, passage, changed", [
    # owned or only licensed; data deleted or handed back
    ("All intellectual property created under the Agreement will be licensed to the Customer.",
     "All intellectual property created under this Agreement shall be owned by the Customer.", True),
    ("The Customer will own all intellectual property created under the Agreement.",
     "All intellectual property created under this Agreement shall be owned by the Customer.", False),
    ("The Processor must return all Personal Data within 30 days after the Services end, unless the law requires retention.",
     "The Processor shall delete all Personal Data within 30 days after the end of the Services, unless retention is "
     "required by law.", True),
    ("The Processor must erase all Personal Data within 30 days after the Services end.",
     "The Processor shall delete all Personal Data within 30 days after the end of the Services.", False),
    ("The Recipient must destroy the Confidential Information on request.",
     "On request, the Recipient shall return or destroy the Confidential Information.", False),
])
def test_owned_or_licensed_deleted_or_returned(quote: str, passage: str, changed: bool) -> None:
    _assert_changed(quote, passage, changed)


_RESULTS = ("Results. Adjusted EBITDA rose 9% to $812 million. On a reported basis, EBITDA fell 2%. Organic revenue grew 6% "
            "in the quarter; including acquisitions, revenue grew 14%. Same-store sales rose 3.1% year on year. Compared "
            "with the previous quarter, they were flat. The company also reported net income of $95 million.")


@pytest.mark.parametrize("quote, accepted", [
    # the figure of another measure: the basis word left out before the quote's first word
    ("EBITDA rose 9% to $812 million.", False),
    ("Revenue grew 6% in the quarter.", False),
    ("...EBITDA rose 9% to $812 million", False),
    # or another period a change is measured against
    ("Same-store sales rose 3.1% from the previous quarter.", False),
    # each with its own basis
    ("Adjusted EBITDA increased 9% to $812 million.", True),
    ("EBITDA fell 2%.", True),
    ("revenue grew 14%", True),
    ("Same-store sales were up 3.1% from a year earlier.", True),
    ("net income of $95 million", True),
])
def test_a_figure_keeps_the_basis_of_its_measure(quote: str, accepted: bool) -> None:
    _assert_passed(quote, Source("results", _RESULTS), accepted)


@pytest.mark.parametrize("source, quote, accepted", [
    # the population a finding holds in, which the next sentence sets against others, left out
    ("Efficacy. In patients with type 2 diabetes, the drug reduced cardiovascular deaths by 18% over five years. No "
     "benefit was seen in patients without diabetes.", "The drug reduced cardiovascular deaths by 18% over five years.", False),
    ("Efficacy. Among women over 50, screening cut late diagnoses by a third. The effect was not seen in younger women.",
     "Screening cut late diagnoses by a third.", False),
    # a study's own population, set against no other: no limit of the finding
    ("Conclusion. Among patients with stage 3 CKD, the drug slowed the decline in kidney function. It was well tolerated.",
     "The drug slowed the decline in kidney function.", True),
    ("Efficacy. In patients with type 2 diabetes, the drug reduced cardiovascular deaths by 18% over five years. No "
     "benefit was seen in patients without diabetes.",
     "In patients with type 2 diabetes, the drug reduced cardiovascular deaths by 18% over five years.", True),
])
def test_a_population_set_against_another_is_a_limit(source: str, quote: str, accepted: bool) -> None:
    _assert_passed(quote, Source("study", source), accepted)


@pytest.mark.parametrize("quote, passage, changed", [
    # a decision kept or undone, an appeal that fails or succeeds, a verdict of guilty or not
    ("The Court of Appeal overturned the High Court's decision.",
     "The Court of Appeal upheld the High Court's decision and dismissed the appeal with costs.", True),
    ("The Court of Appeal allowed the appeal with costs.",
     "The Court of Appeal upheld the High Court's decision and dismissed the appeal with costs.", True),
    ("The Court of Appeal affirmed the decision of the High Court.",
     "The Court of Appeal upheld the High Court's decision and dismissed the appeal with costs.", False),
    # where the passage says both, what each is said of
    ("Mr Hale was found guilty of fraud.", "The jury acquitted Mr Hale of fraud but convicted him of false accounting.", True),
    ("Mr Hale was found guilty of false accounting.",
     "The jury acquitted Mr Hale of fraud but convicted him of false accounting.", False),
    ("Costs rose 4% in the year.", "Revenue rose 8% in the year, while costs fell 4%.", True),
    ("Revenue grew 8% in the year.", "Revenue rose 8% in the year, while costs fell 4%.", False),
])
def test_a_side_of_an_opposite_pair_said_of_the_other_thing(quote: str, passage: str, changed: bool) -> None:
    _assert_changed(quote, passage, changed)


@pytest.mark.parametrize("quote, passage, changed", [
    # a level kept, told as one a change reached
    ("The bank raised its main rate to 5.25% at its fourth consecutive meeting.",
     "The bank kept its main rate at 5.25% for a fourth consecutive meeting.", True),
    ("Services inflation eased to 6%.", "Services inflation remained stubbornly high at 6%.", True),
    ("The bank held its main rate at 5.25% for the fourth meeting in a row.",
     "The bank kept its main rate at 5.25% for a fourth consecutive meeting.", False),
    ("The CET1 ratio fell to 14.1% from 14.6%.", "The CET1 ratio stood at 14.1%, down from 14.6%.", False),
    # a rank: "the market leader" for "second only to"; "second only to" itself restricts nothing
    ("The company is the market leader in Europe with a 35% share.",
     "The company holds a 35% share of the European market, second only to Rivalcorp with 41%.", True),
    ("With 35% of the European market, the company ranks second behind Rivalcorp.",
     "The company holds a 35% share of the European market, second only to Rivalcorp with 41%.", False),
])
def test_a_level_kept_and_a_rank(quote: str, passage: str, changed: bool) -> None:
    _assert_changed(quote, passage, changed)


@pytest.mark.parametrize("quote, accepted", [
    # the time a duty lasts, left out with the sentence's opening
    ("The Employee shall not work for any competitor within 50 miles of the Employer's offices.", False),
    ("...the Employee shall not work for any competitor within 50 miles", False),
    # kept, or told in other words
    ("For two years after termination, the Employee shall not work for any competitor within 50 miles of the "
     "Employer's offices.", True),
    ("The Employee shall not work for a competitor within 50 miles of the Employer's offices for two years after "
     "termination.", True),
])
def test_a_duty_for_a_time_only(quote: str, accepted: bool) -> None:
    source = ("Non-compete. For two years after termination, the Employee shall not work for any competitor within 50 "
              "miles of the Employer's offices. This clause survives termination.")
    _assert_passed(quote, Source("employment", source), accepted)


@pytest.mark.parametrize("quote, passage, changed", [
    # "one in five" is 20%, either way; another share is another figure
    ("20% of respondents said the outage had affected them.", "One in five respondents said they had been affected.", False),
    ("One in four adults had the condition.", "25% of adults had the condition.", False),
    ("25% of respondents said the outage had affected them.", "One in five respondents said they had been affected.", True),
    ("One in four respondents said so.", "20% of respondents said so.", True),
])
def test_one_in_five_is_twenty_percent(quote: str, passage: str, changed: bool) -> None:
    from quote_guard.meaning import meaning_differences

    assert bool([d for d in meaning_differences(quote, passage) if d.category == "number"]) is changed


@pytest.mark.parametrize("quote, passage, changed", [
    ("12% of patients on the drug reported side effects, against 9% on placebo, mostly mild.",
     "Side effects were reported by 12% of patients on the drug and 9% on placebo; most were mild.", False),
    ("Side effects were mostly mild.", "Side effects were reported by 12% of patients; some were mild.", True),
])
def test_mostly_restates_most(quote: str, passage: str, changed: bool) -> None:
    from quote_guard.meaning import meaning_differences

    assert bool([d for d in meaning_differences(quote, passage) if d.category == "qualifier"]) is changed


@pytest.mark.parametrize("quote, accepted", [
    # the time that narrows who a finding is about, hidden by an ellipsis
    ("Patients who received the drug ... had a 30% lower risk of disability at 90 days.", False),
    ("Patients who received the drug within three hours of symptom onset had a 30% lower risk of disability at 90 days.",
     True),
    ("The Board ... found that patients had a 30% lower risk of disability", False),
])
def test_an_ellipsis_hides_the_time_that_narrows_the_subject(quote: str, accepted: bool) -> None:
    source = ("Study. Patients who received the drug within three hours of symptom onset had a 30% lower risk of "
              "disability at 90 days. No benefit was seen when treatment started later.")
    _assert_passed(quote, Source("study", source), accepted)


@pytest.mark.parametrize("quote, accepted", [
    # "Men aged 50" is found inside "Women aged 50": a quote that starts inside a source word
    ("Men aged 50 to 74 should have a mammogram every two years.", False),
    ("Women aged 50 to 74 should have a mammogram every two years.", True),
    # a thing to keep away from, told as one that does no harm
    ("Grapefruit juice increases blood levels of the drug and is safe to drink.", False),
    ("Grapefruit juice raises blood levels of the drug, so it should be avoided.", True),
])
def test_a_word_inside_a_word_and_advice_turned_round(quote: str, accepted: bool) -> None:
    source = ("Screening. Women aged 50 to 74 should have a mammogram every two years. Interactions. Grapefruit juice "
              "increases blood levels of the drug and should be avoided.")
    _assert_passed(quote, Source("leaflet", source), accepted)


@pytest.mark.parametrize("quote, accepted", [
    # "a few" is some, "few" hardly any; "has yet to" has not
    ("A few users switched to the new app in its first month, the company said.", False),
    ("Few users switched to the new app in its first month, the company said.", True),
    ("The company has already received regulatory approval for the device.", False),
    ("The device has not yet been approved by regulators, the company said.", True),
])
def test_a_few_is_not_few_and_yet_to_is_not(quote: str, accepted: bool) -> None:
    source = ("Usage. Few users switched to the new app in its first month, the company said. Progress. The company "
              "has yet to receive regulatory approval for the device. It expects a decision in the autumn.")
    _assert_passed(quote, Source("news", source), accepted)


@pytest.mark.parametrize("quote, passage, changed", [
    # a figure given for another year than the passage gives it for
    ("Revenue was $100.2 million in 2019.", "Revenue in 2019 was $120.4 million, compared with $100.2 million in 2018.", True),
    ("Revenue rose to $120.4 million in 2019 from $100.2 million in 2018.",
     "Revenue in 2019 was $120.4 million, compared with $100.2 million in 2018.", False),
    ("In 2019, revenue was $120.4 million, against $100.2 million a year earlier.",
     "Revenue in 2019 was $120.4 million, compared with $100.2 million in 2018.", False),
    # a part told as the whole
    ("The Company's total debt of $400 million matures within one year.",
     "The Company's total debt was $2.3 billion at year end, of which $400 million matures within one year.", True),
    ("$400 million of the Company's $2.3 billion total debt at year end matures within a year.",
     "The Company's total debt was $2.3 billion at year end, of which $400 million matures within one year.", False),
    ("$400 million of the total debt matures within a year.",
     "The Company's total debt was $2.3 billion at year end, of which $400 million matures within one year.", False),
])
def test_a_figure_keeps_its_year_and_its_whole(quote: str, passage: str, changed: bool) -> None:
    from quote_guard.meaning import meaning_differences

    assert bool([d for d in meaning_differences(quote, passage) if d.category == "number"]) is changed


@pytest.mark.parametrize("quote, passage, changed", [
    ("Designed to detect a 10% difference, the trial enrolled just 60% of the planned sample.",
     "The trial was powered to detect a 10% difference but enrolled only 60% of its target sample.", False),
    ("The trial was powered to detect a 10% difference and enrolled 60% of its target sample.",
     "The trial was powered to detect a 10% difference but enrolled only 60% of its target sample.", True),
])
def test_just_a_figure_is_only_a_figure(quote: str, passage: str, changed: bool) -> None:
    _assert_changed(quote, passage, changed)


@pytest.mark.parametrize("quote, accepted", [
    # a quote that joins the passage's claim to its neighbour's, the neighbour's turned round
    ("Store below 25°C; freezing is acceptable.", False),
    ("Store below 25°C in the original package, and do not freeze it.", True),
    ("Keep below 25°C in the original packaging, away from light.", True),
])
def test_the_half_of_a_joined_quote_that_speaks_of_the_next_sentence(quote: str, accepted: bool) -> None:
    source = "Storage. Store below 25°C in the original package to protect from light. Do not freeze."
    _assert_passed(quote, Source("leaflet", source), accepted)


@pytest.mark.parametrize("quote, passage, category", [
    # a word's short form is the same word
    ("the lab results were normal", "the laboratory results were normal", "wording"),
    ("we reviewed the photos", "we reviewed the photographs", "wording"),
    # another word is not
    ("the lab results were normal", "the clinic results were normal", "content"),
])
def test_a_short_form_is_the_same_word(quote: str, passage: str, category: str) -> None:
    from quote_guard.align import differences

    assert [d.category for d in differences(quote, passage)] == [category]


_MATCH = "Match. United came from behind to beat City 3-2, with the winning goal scored in stoppage time by a substitute."
_RECALL = ("Recall. The manufacturer is recalling about 12,000 heaters sold between March and June because a faulty "
           "thermostat can cause them to overheat. No injuries have been reported.")
_BATTERY = ("Battery. The laptop's battery lasts up to 14 hours of video playback, and can be charged to 50% in 30 minutes "
            "with the included adapter.")
_REFUNDS = "Refunds. Subscriptions may be cancelled at any time, but fees already paid are non-refundable except where required by law."


@pytest.mark.parametrize("quote, source, accepted", [
    # a score (two figures read as one pair) and its outcome
    ("United came from behind to beat City 3-3.", _MATCH, False),
    ("United beat City 2-3.", _MATCH, False),
    ("United came from behind to draw with City 3-3.", _MATCH, False),
    ("United lost to City 3-2.", _MATCH, False),
    ("United fought back to beat City 3-2, a substitute scoring the winner in stoppage time.", _MATCH, True),
    # what can happen told as what happened
    ("The manufacturer is recalling about 12,000 heaters because a faulty thermostat caused several fires.", _RECALL, False),
    ("The manufacturer is recalling about 12,000 heaters because a faulty thermostat caused them to overheat.", _RECALL, False),
    ("The manufacturer is recalling roughly 12,000 heaters sold from March to June, as a faulty thermostat may make them "
     "overheat.", _RECALL, True),
    # the whole for a share
    ("The battery can be fully charged in 30 minutes with the included adapter.", _BATTERY, False),
    ("With the included adapter, the battery can be charged to 50% in 30 minutes.", _BATTERY, True),
    # "not refundable" restates "non-refundable"
    ("Subscriptions can be cancelled at any time, but fees already paid are not refundable unless the law requires it.",
     _REFUNDS, True),
    ("Subscriptions can be cancelled at any time, and fees already paid are refundable unless the law forbids it.",
     _REFUNDS, False),
])
def test_a_score_a_possibility_a_share_and_a_non_word(quote: str, source: str, accepted: bool) -> None:
    _assert_passed(quote, Source("s", source), accepted)


@pytest.mark.parametrize("quote, passage, changed", [
    ("51.6% of votes were in favour, short of the threshold of 40% of the whole electorate.",
     "51.6% voted in favour, short of the threshold of 40% of the electorate; 32.9% of the electorate backed it.",
     False),
    ("The costs of the appeal were paid in full.", "It was ordered to pay 75% of the costs of the appeal.", True),
    ("The court ruled 4-5 against it.", "The court ruled 5-4 against it.", True),
    ("The court ruled 5-4 against it.", "The court ruled 5\u20134 against it.", False),
    # a span of years told in other units
    ("The rate fell to 3.9%, the lowest level in a decade.", "The rate fell to 3.9%, the lowest level in two years.", True),
    ("The rate fell to 3.9%, the lowest level in a decade.", "The rate fell to 3.9%, the lowest level in ten years.", False),
    # "7,000 or more" bounds the figure: no comparative against the passage's "fewer"
    ("People who walked 7,000 or more steps a day had a lower risk than those who walked less.",
     "Those who walked at least 7,000 steps a day had a lower risk than those who walked fewer steps.", False),
    ("People who walked 7,000 or fewer steps a day had a lower risk than those who walked more.",
     "Those who walked at least 7,000 steps a day had a lower risk than those who walked fewer steps.", True),
])
def test_pairs_and_shares_read_whole(quote: str, passage: str, changed: bool) -> None:
    _assert_changed(quote, passage, changed)


_RATES = ("Rates. The central bank held rates at 4.5% in March and signalled that it expects to cut them by the end of the "
          "year.")
_GROWTH = "Growth. The economy grew faster than expected in the second quarter, its strongest pace since 2021."
_SERVICE_SURVEY = "Survey. Nearly 50% of adults in the US said they had used the service at least once, up from 31% in 2019."
_INVOICES = "Payment. Invoices are payable within 45 days of receipt of a valid invoice. Disputed amounts may be withheld."


@pytest.mark.parametrize("quote, source, accepted", [
    # an expected step told as decided
    ("The central bank held rates at 4.5% in March and said it will cut them by the end of the year.", _RATES, False),
    ("The central bank kept rates at 4.5% in March and hinted that it expects to lower them before the end of the year.",
     _RATES, True),
    # a forecast met, for one beaten
    ("The economy grew as expected in the second quarter.", _GROWTH, False),
    ("The economy grew in line with forecasts in the second quarter.", _GROWTH, False),
    ("The economy grew more quickly than forecast in the second quarter.", _GROWTH, True),
    # a habit, for a thing done at all
    ("Nearly 50% of adults in the US said they used the service regularly.", _SERVICE_SURVEY, False),
    ("Nearly 50% of US adults said they had used the service at least once.", _SERVICE_SURVEY, True),
    # a payment term in plain words
    ("Invoices must be paid within 45 days of receipt of a valid invoice.", _INVOICES, True),
    ("Invoices must be paid within 45 days of sending a valid invoice.", _INVOICES, False),
    ("Invoices may be paid within 45 days of receipt of a valid invoice.", _INVOICES, False),
])
def test_an_expectation_a_habit_and_a_payment_term(quote: str, source: str, accepted: bool) -> None:
    _assert_passed(quote, Source("s", source), accepted)


_DOSAGE = ("Dosage. Children aged 6 to 11: one tablet every 6 hours. Do not give to children under 6. Adults: two tablets "
           "every 4 to 6 hours, up to 8 tablets in 24 hours.")
_CITATION = ("Citation. Smith and Lee (2019) reported a 12% improvement in recall on the benchmark, later replicated by "
             "Garcia et al. (2021).")


@pytest.mark.parametrize("quote, source, accepted", [
    # an amount put with another interval
    ("Adults can take up to 8 tablets every 4 to 6 hours.", _DOSAGE, False),
    ("Adults can take two tablets every 4 to 6 hours, up to 8 tablets a day.", _DOSAGE, True),
    # an age range's lower end told as a cap
    ("Children under 6 can take one tablet every 6 hours.", _DOSAGE, False),
    # a finding credited to the work that replicated it
    ("Garcia et al. (2021) reported a 12% improvement in recall on the benchmark.", _CITATION, False),
    ("Smith and Lee (2019) found recall on the benchmark improved by 12%, a result Garcia et al. (2021) later replicated.",
     _CITATION, True),
])
def test_a_dose_an_age_range_and_a_citation(quote: str, source: str, accepted: bool) -> None:
    _assert_passed(quote, Source("s", source), accepted)


@pytest.mark.parametrize("quote, passage, changed", [
    ("The primary outcome was measured in pupils aged 7-10.", "The primary outcome was measured in pupils aged 7 to 10.", False),
    ("Notice can be given only from 0900 to 1700 hours.", "Notice can be given only between 0900 and 1700 hours.", False),
    ("The trial enrolled children over 11.", "The trial enrolled children aged 6 to 11.", True),
])
def test_the_ends_of_a_range(quote: str, passage: str, changed: bool) -> None:
    _assert_changed(quote, passage, changed)


_EARNINGS = ("Earnings. Operating profit fell 8% to £1.2bn, mainly because of higher energy costs, while revenue was flat at "
             "£9.8bn.")
_COUNCIL = ("Council. The council approved the plan by seven votes to two, subject to a review of its environmental impact "
            "within six months.")


@pytest.mark.parametrize("quote, source, accepted", [
    # a figure flat, or moved
    ("Operating profit fell 8% to £1.2bn, while revenue rose to £9.8bn.", _EARNINGS, False),
    ("Revenue was unchanged at £9.8bn.", _EARNINGS, True),
    ("Operating profit fell 8% to £1.2bn, mainly due to higher energy costs.", _EARNINGS, True),
    # a thing still to happen kept as a condition
    ("The council backed the plan 7-2, on condition that its environmental impact is reviewed within six months.",
     _COUNCIL, True),
    ("The council backed the plan 7-2 after its environmental impact was reviewed.", _COUNCIL, False),
])
def test_a_flat_figure_and_a_condition_kept(quote: str, source: str, accepted: bool) -> None:
    _assert_passed(quote, Source("s", source), accepted)


_TENANCY = ("Tenancy. The Tenant may not assign this lease, but may sublet up to half of the Premises with the Landlord's "
            "consent, which shall not be unreasonably withheld.")


@pytest.mark.parametrize("quote, passage, changed", [
    ("The Tenant may sublet up to half of the Premises without the Landlord's consent.", _TENANCY, True),
    ("The study followed adults with no known heart disease.", "The study followed adults without known heart disease.", False),
])
def test_with_for_without(quote: str, passage: str, changed: bool) -> None:
    _assert_changed(quote, passage, changed)


_NOTES = ("The Notes will bear interest at a fixed rate of 5.25% per annum, payable semi-annually in arrears on April 15 "
          "and October 15 of each year.")
_DOSING = "Take two tablets twice daily."


@pytest.mark.parametrize("quote, passage, changed", [
    # one rate in other words: the counts of times are the rate's, not figures of their own
    ("interest on the Notes is payable twice a year in arrears", _NOTES, False),
    ("interest on the Notes is payable every six months in arrears", _NOTES, False),
    ("the Notes bear interest at a fixed 5.25% a year, paid twice a year in arrears", _NOTES, False),
    ("take two tablets two times a day", _DOSING, False),
    ("take two tablets every twelve hours", _DOSING, False),
    # another rate
    ("interest on the Notes is payable annually in arrears", _NOTES, True),
    ("interest on the Notes is payable monthly in arrears", _NOTES, True),
    ("take two tablets every eight hours", _DOSING, True),
    ("take two tablets once a day", _DOSING, True),
    # paid at the start of the period, not at its end
    ("interest on the Notes is payable semi-annually in advance", _NOTES, True),
])
def test_a_rate_in_other_words_and_interest_in_advance(quote: str, passage: str, changed: bool) -> None:
    _assert_changed(quote, passage, changed)


_SUBLET = "The Tenant shall not sublet the Premises or any part of them without the Landlord's prior written consent."
_PAYMENTS = "No Restricted Payment shall be made while any Event of Default is continuing."
_COVENANT = "The Borrower shall maintain a Leverage Ratio of not more than 3.50 to 1.00 as of the last day of each fiscal quarter."
_RESIDENCE = ("Applicants must have lived in the UK for at least five years and must not have spent more than 450 days "
              "outside the country in that period.")


@pytest.mark.parametrize("quote, passage, changed", [
    # a prohibition with its negation in the verb
    ("the Tenant is prohibited from subletting the Premises or any part of them without the Landlord's prior written "
     "consent", _SUBLET, False),
    ("the Tenant is barred from subletting any part of the Premises without the Landlord's prior written consent",
     _SUBLET, False),
    ("Restricted Payments are prohibited while an Event of Default is continuing", _PAYMENTS, False),
    ("the Tenant is not prohibited from subletting the Premises without the Landlord's prior written consent",
     _SUBLET, True),
    ("the Tenant is permitted to sublet the Premises without the Landlord's prior written consent", _SUBLET, True),
    # a bound in other words, and on the other side
    ("the Borrower must keep its Leverage Ratio at or below 3.50 to 1.00 as of the last day of each fiscal quarter",
     _COVENANT, False),
    ("the Borrower must keep its Leverage Ratio at 3.50 to 1.00 or less as of the last day of each fiscal quarter",
     _COVENANT, False),
    ("the Borrower must keep its Leverage Ratio at 3.50 to 1.00 or more as of the last day of each fiscal quarter",
     _COVENANT, True),
    ("applicants need at least five years' residence in the UK and no more than 450 days abroad during that time",
     _RESIDENCE, False),
    ("applicants must have lived in the UK for five years and spent at least 450 days outside the country",
     _RESIDENCE, True),
    # a test on set dates told as one that holds every day
    ("the Borrower must maintain a Leverage Ratio of not more than 3.50 to 1.00 at all times", _COVENANT, True),
])
def test_a_prohibition_in_the_verb_a_bound_and_a_test_date(quote: str, passage: str, changed: bool) -> None:
    _assert_changed(quote, passage, changed)


_ACCELERATION = ("The Lenders may, by notice to the Borrower, declare the Loans immediately due and payable upon the "
                 "occurrence of an Event of Default that is continuing.")
_EXTENSION = "The Company may, at its option, extend the Term by one year."


@pytest.mark.parametrize("quote, passage, changed", [
    # a choice or a chance told as what happens
    ("the Lenders declare the Loans immediately due and payable by notice to the Borrower", _ACCELERATION, True),
    ("the Loans automatically become immediately due and payable upon any Event of Default", _ACCELERATION, True),
    ("the Company extends the Term by one year", _EXTENSION, True),
    ("the Term is extended by one year", _EXTENSION, True),
    ("long-term use causes liver damage in some patients", "Long-term use may cause liver damage in some patients.", True),
    # ... kept in other words
    ("the Company has the option to extend the Term by one year", _EXTENSION, False),
    ("the Term can be extended by one year at the Company's option", _EXTENSION, False),
    ("the Lenders can declare the Loans immediately due by notice to the Borrower", _ACCELERATION, False),
    # a verb the passage also states without "may", and a noun made from the verb
    ("T&B is to make six appearances each year, including one at the Symposium",
     "T&B shall make six appearances each year, including one at the Symposium, which appearances may include book "
     "signings.", False),
    ("its representatives are never to be treated as the Principal's employees",
     "The Distributor may employ representatives, and under no circumstances shall its representatives be deemed "
     "employees of the Principal.", False),
])
def test_a_choice_or_a_chance_told_as_what_happens(quote: str, passage: str, changed: bool) -> None:
    _assert_changed(quote, passage, changed)


_SENTENCE = "He received a suspended sentence of 12 months for the assault."
_OFFER = "The company received a conditional offer of £2.1 billion from Apex Holdings."
_DEAL = "Acme agreed to buy Beta Systems for $3.2 billion in cash; the deal is expected to close in the first half of 2025."


@pytest.mark.parametrize("quote, passage, changed", [
    # the word that says the thing is not yet, or not quite, what it names
    ("he was sentenced to 12 months in prison for the assault", _SENTENCE, True),
    ("the company received an offer of £2.1 billion from Apex Holdings", _OFFER, True),
    ("the parties signed a memorandum of understanding committing them to a joint venture",
     "The parties signed a non-binding memorandum of understanding to explore a joint venture.", True),
    ("he was given a 12-month suspended sentence for the assault", _SENTENCE, False),
    ("Smith is charged with filing false reports", "Smith is accused of allegedly filing false reports.", False),
    ("They said progress on the two issues was interdependent",
     "The draft said progress on the two issues was interdependent.", False),
    # a deal to close, told as closed
    ("Acme completed its $3.2 billion cash purchase of Beta Systems", _DEAL, True),
    ("Acme will acquire Beta Systems for $3.2 billion in cash, with the deal expected to close in the first half of 2025",
     _DEAL, False),
])
def test_a_status_dropped_and_a_deal_told_as_closed(quote: str, passage: str, changed: bool) -> None:
    _assert_changed(quote, passage, changed)


_GENERATION = ("Between 2010 and 2020, the share of electricity generated from coal in the UK fell from 28% to under 2%, "
               "while wind rose from 3% to 24%.")
_TRIAL_EFFECT = "The trial enrolled 412 adults with type 2 diabetes; the most common side effect was nausea."
_BASELINE = ("The model achieved 87.3% accuracy on the held-out test set, outperforming the strongest baseline by 2.1 "
             "points.")


@pytest.mark.parametrize("quote, passage, changed", [
    # a thing put in the place of another of its kind, however close the embedder finds them
    ("between 2010 and 2020, coal's share of UK electricity fell from 28% to under 2%, while solar rose from 3% to 24%",
     _GENERATION, True),
    ("the most common side effect was vomiting", _TRIAL_EFFECT, True),
    ("the most common side effect was nausea", _TRIAL_EFFECT, False),
    ("from 2010 to 2020 coal's share of UK electricity fell from 28% to below 2%, while wind's rose from 3% to 24%",
     _GENERATION, False),
    # one superlative for another in the same place is no ranking of the quote's own
    ("the model reached 87.3% accuracy on the held-out test set, beating the best baseline by 2.1 points", _BASELINE,
     False),
    ("the model reached 87.3% accuracy on the held-out test set, the best of any system", _BASELINE, True),
    # a cap in other words
    ("staff get a week's pay for each full year of service, up to a maximum of 20 years",
     "Employees are entitled to one week's pay for each full year of service, capped at 20 years.", False),
    # jobs made, or cut
    ("Jane Moss said the company would create about 1,200 jobs, mostly in Europe",
     "Jane Moss said the company would cut about 1,200 jobs, mostly in its European operations.", True),
])
def test_a_thing_of_the_same_kind_a_superlative_and_a_cap(quote: str, passage: str, changed: bool) -> None:
    _assert_changed(quote, passage, changed)


_DARWIN = "Darwin delayed publishing his theory for nearly two decades."
_VOLCANO = "The volcano last erupted in 1883, and scientists consider a major eruption within the next century unlikely."
_SPECIES = "The species was thought to be extinct until a small population was rediscovered in 1981 in Tasmania."


@pytest.mark.parametrize("quote, passage, changed", [
    # one span of years, counted in other units
    ("Darwin held back his theory for almost twenty years", _DARWIN, False),
    ("Darwin held back his theory for almost thirty years", _DARWIN, True),
    ("Darwin held back his theory for almost two years", _DARWIN, True),
    ("scientists think a major eruption in the next 100 years is unlikely", _VOLCANO, False),
    ("scientists think a major eruption in the next decade is unlikely", _VOLCANO, True),
    ("temperatures had risen sharply in the past decade compared to the previous 1,000 years",
     "Temperatures had risen sharply in the previous decade compared with the last 1,000 years.", False),
    # what was believed, told as what was
    ("the species was extinct until it was reintroduced in 1981 to Tasmania", _SPECIES, True),
    ("the species was believed extinct until a small population turned up in 1981 in Tasmania", _SPECIES, False),
    ("the discovery gives scientists a chance to learn more about the whale",
     "A whale that was feared to be extinct has been found, giving scientists a chance to learn more about the whale.",
     False),
])
def test_a_span_in_other_units_and_a_belief_told_as_fact(quote: str, passage: str, changed: bool) -> None:
    _assert_changed(quote, passage, changed)


def test_a_span_in_other_units_is_no_figure_the_passage_lacks() -> None:
    source = Source("s", "The volcano last erupted in 1883, and scientists consider a major eruption within the next "
                         "century unlikely. The island has 4,000 residents.")
    _assert_passed("scientists consider a major eruption within the next 100 years unlikely", source, True)
    _assert_passed("scientists consider a major eruption within the next 10 years unlikely", source, False)


_CAP = ("Except for breaches of confidentiality, neither party's aggregate liability under this Agreement shall exceed "
        "the fees paid in the twelve months preceding the claim.")
_VESTING = ("All Intellectual Property developed by Contractor in the performance of the Services shall vest in the "
            "Client upon payment in full of the applicable fees.")


@pytest.mark.parametrize("quote, passage, changed", [
    # a cap whose negation is in its subject ("neither party's ... shall exceed"), restated as a cap
    ("apart from confidentiality breaches, each party's total liability is capped at the fees paid in the 12 months "
     "before the claim", _CAP, False),
    ("except for breaches of confidentiality, each party's total liability shall be at least the fees paid in the "
     "twelve months preceding the claim", _CAP, True),
])
def test_a_cap_negated_in_its_subject(quote: str, passage: str, changed: bool) -> None:
    _assert_changed(quote, passage, changed)


@pytest.mark.parametrize("quote, accepted", [
    # the event a right runs from, put for another
    ("all Intellectual Property developed by Contractor shall vest in the Client upon signature of this Agreement", False),
    ("IP developed by the Contractor while performing the Services vests in the Client once the applicable fees are "
     "paid in full", True),
])
def test_the_event_a_right_runs_from(quote: str, accepted: bool) -> None:
    _assert_passed(quote, Source("s", _VESTING), accepted)


_CORPUS = ("We trained the model on 1.2 million English-language news articles and evaluated it on a held-out set of "
           "50,000 articles.")
_COFFEE = ("The authors found no association between coffee consumption and overall mortality, but a modest inverse "
           "association with cardiovascular mortality in women.")


@pytest.mark.parametrize("quote, passage, changed", [
    # a name with a common word joined on is the same name ("English-language" folds to one word)
    ("the model was trained on 1.2 million English news articles and tested on a held-out set of 50,000 articles",
     _CORPUS, False),
    # the data a model is tested on, put for another set
    ("the model was trained on 1.2 million English-language news articles and evaluated on a training set of 50,000 "
     "articles", _CORPUS, True),
    # a degree the passage gives as an adjective, restated as an adverb; and a strong one for it
    ("coffee drinking was not associated with overall mortality but was modestly inversely associated with "
     "cardiovascular mortality in women", _COFFEE, False),
    ("the authors found no association between coffee consumption and overall mortality, but a strong inverse "
     "association with cardiovascular mortality in women", _COFFEE, True),
])
def test_a_joined_name_a_data_set_and_a_degree(quote: str, passage: str, changed: bool) -> None:
    _assert_changed(quote, passage, changed)


_ARREST = "Police said a 34-year-old man had been arrested on suspicion of dangerous driving and later released on bail."
_STRIKE = "The union said 85% of members who voted backed strike action, on a turnout of 52%."
_COMMENT = "Dr Patel, who was not involved in the study, said the findings were 'interesting but preliminary'."


@pytest.mark.parametrize("quote, passage, changed", [
    # a suspicion told as the offence
    ("a 34-year-old man was arrested for dangerous driving and released on bail", _ARREST, True),
    ("police said a 34-year-old man was arrested on suspicion of dangerous driving and later bailed", _ARREST, False),
    # the share of a part told of the whole
    ("the union said 85% of its members backed strike action", _STRIKE, True),
    ("the union said 85% of voting members supported strikes, on a 52% turnout", _STRIKE, False),
    # an aside that names the same thing is no aside left out: its negation counts
    ("Dr Patel, one of the study's authors, said the findings were 'interesting but preliminary'", _COMMENT, True),
    ("Dr Patel said the findings were 'interesting but preliminary'", _COMMENT, False),
])
def test_a_suspicion_a_share_of_a_part_and_an_aside_replaced(quote: str, passage: str, changed: bool) -> None:
    _assert_changed(quote, passage, changed)


@pytest.mark.parametrize("quote, passage, changed", [
    # a sentence suspended after the noun, told as served
    ("the defendant was sentenced to 18 months in prison and ordered to pay £5,000 in compensation",
     "The defendant was sentenced to 18 months' imprisonment, suspended for two years, and ordered to pay £5,000 in "
     "compensation.", True),
    # half the amount, for twice it
    ("smokers had about half the incidence of non-smokers",
     "Among smokers, the incidence was roughly twice that observed in non-smokers.", True),
    ("smokers had about twice the incidence of non-smokers",
     "Among smokers, the incidence was roughly twice that observed in non-smokers.", False),
])
def test_a_sentence_suspended_after_its_noun_and_half_for_twice(quote: str, passage: str, changed: bool) -> None:
    _assert_changed(quote, passage, changed)


def test_twelve_months_is_a_year_in_a_near_copy() -> None:
    source = Source("s", "The minister said the scheme would be reviewed after 12 months and extended only if it met its "
                         "targets.")
    _assert_passed("the minister said the scheme would be reviewed after a year and extended only if it met its targets",
                   source, True)
    _assert_passed("the minister said the scheme would be reviewed after two years and extended only if it met its "
                   "targets", source, False)


_CONTACTS = "Colin Powell, the Secretary of State, said contacts with Iran would not stop."


@pytest.mark.parametrize("quote, passage, changed", [
    # "would not stop" is "would continue": a future's "not" forbids nothing
    ("Secretary of State Colin Powell said that contacts with Iran would continue.", _CONTACTS, False),
    ("Colin Powell said contacts with Iran would stop.", _CONTACTS, True),
    ("Colin Powell said contacts with Iran would not continue.", _CONTACTS, True),
    # a modal's "not" still forbids: "may not include" is no exclusion
    ("the fee may exclude VAT", "The fee may not include VAT.", True),
])
def test_would_not_stop_is_would_continue(quote: str, passage: str, changed: bool) -> None:
    _assert_changed(quote, passage, changed)


_DEEMED = "If Cerus does not reject in writing within 10 days, the Services shall be considered accepted by Cerus."
_POVERTY = "A country with a growth rate of 2% per head can halve poverty in ten years."


@pytest.mark.parametrize("quote, passage, changed", [
    # a condition as a clause restricting a noun, with its negation
    ("Services that Cerus does not reject in writing within 10 days are deemed to have been accepted by Cerus.",
     _DEEMED, False),
    ("Services that Cerus rejects in writing within 10 days are deemed to have been accepted by Cerus.", _DEEMED, True),
    ("the Services are deemed to have been accepted by Cerus", _DEEMED, True),
    # "subject to" an exemption or a bound is no condition
    ("Siemens is not bound by any minimum purchase requirement",
     "Distributor shall not be subject to any minimum purchase requirements.", False),
    ("a monthly service fee of $7.50 per note, with a monthly minimum of $2,500",
     "a monthly service fee of $7.50 per note, subject to a monthly minimum of $2,500.", False),
    ("the Distributor may terminate the Agreement", "Subject to Section 4, the Distributor may terminate the Agreement.",
     True),
    # "halve" is a half
    ("a country growing at 2% per head can cut poverty in half within ten years", _POVERTY, False),
    ("a country growing at 2% per head can cut poverty by a third within ten years", _POVERTY, True),
])
def test_a_condition_as_a_restricting_clause_subject_to_and_halve(quote: str, passage: str, changed: bool) -> None:
    _assert_changed(quote, passage, changed)


_SPOKESPERSON = ('A PaceTrack spokesperson said the company was "pleased to put this matter behind us" and noted that it '
                 'had already changed its data-sharing practices in 2021.')


@pytest.mark.parametrize("quote, accepted", [
    # a name in brackets for the words that refer to it, the name said before them
    ('A PaceTrack spokesperson said [PaceTrack] was "pleased to put this matter behind us"', True),
    # ... a name the source never says there is another party
    ('A PaceTrack spokesperson said [Acme] was "pleased to put this matter behind us"', False),
])
def test_a_bracketed_name_for_the_words_that_refer_to_it(quote: str, accepted: bool) -> None:
    _assert_passed(quote, Source("s", _SPOKESPERSON), accepted)


@pytest.mark.parametrize("quote, passage, changed", [
    # "none" for "no ... among them"
    ("None of the casualties was American, said Capt. Michael Calvert",
     "No Americans were reported among the casualties, according to Capt. Michael Calvert.", False),
    ("All of the casualties were American", "No Americans were reported among the casualties.", True),
    # "all" of a count the passage states
    ("samples from four locations all tested negative", "Samples taken from four locations returned negative results.",
     False),
    ("samples from all locations tested negative", "Samples taken from four locations returned negative results.", True),
    ("reactions can occur at concentrations as low as 0.1% in all exposed individuals",
     "Reactions can occur at concentrations as low as 0.1% in sensitised individuals.", True),
])
def test_none_for_no_and_all_of_a_count(quote: str, passage: str, changed: bool) -> None:
    _assert_changed(quote, passage, changed)


_PAPER = ("In their 2019 paper, Chen and Rao reported that retrieval augmentation reduced factual errors by 31% on the NQ "
          "benchmark.")


@pytest.mark.parametrize("quote, accepted", [
    # a title in quotation marks that no source has, however close the rest of the quote
    ("in their 2019 paper 'Grounding Reduces Hallucination', Chen and Rao reported that retrieval augmentation "
     "reduced factual errors by 31% on the NQ benchmark", False),
    ("Chen and Rao (2019) found retrieval augmentation cut factual errors by 31% on NQ", True),
])
def test_an_invented_title_in_quotation_marks(quote: str, accepted: bool) -> None:
    _assert_passed(quote, Source("s", _PAPER), accepted)


def test_a_sentence_in_quotation_marks_is_speech_not_a_title() -> None:
    from quote_guard.meaning import invented_titles

    assert invented_titles('"Frank Quattrone Is Innocent," Keker said.', "keker said quattrone was innocent") == []
    assert invented_titles("the report 'Frank Quattrone Is Innocent' said so", "keker said quattrone was innocent") == [
        "frank quattrone is innocent"]


@pytest.mark.parametrize("quote, passage, changed", [
    # a defined term's first word sets no status, nor is a pointer word a noun
    ("Loop will have the exclusive right to enter into Loop Sales Contracts",
     '"Transferred Contract" means any Proposed Contract accepted by Loop. Loop will have the exclusive right to enter '
     "into Loop Sales Contracts.", False),
    ("thereof in the licensed field of use. The term begins on the effective date",
     "JHU may enforce the patent rights against any alleged infringement thereof in the licensed field of use. The term "
     "begins on the effective date.", False),
])
def test_a_defined_term_and_a_pointer_word_set_no_status(quote: str, passage: str, changed: bool) -> None:
    _assert_changed(quote, passage, changed)


@pytest.mark.parametrize("quote, passage, changed", [
    # a status word outside the stretch the quote restates: before its first words, after its last
    ("change unless both Parties have agreed to the modifications in writing",
     "CHT shall pay for work on any proposed modification or change unless both Parties have agreed to "
     "the modifications in writing.", False),
    ("the Customer may reject any defective Product, provided that the Customer shall within seven days",
     "The Customer may reject any defective Product, provided that the Customer shall within seven days give notice of "
     "the alleged defective Product.", False),
    ("he was sentenced to 12 months in prison", "He received a suspended sentence of 12 months.", True),
])
def test_a_status_word_outside_the_restated_stretch(quote: str, passage: str, changed: bool) -> None:
    _assert_changed(quote, passage, changed)


_REGIONS = "Sales in Asia grew 14%, offsetting a 3% decline in Europe; North American sales were flat."


@pytest.mark.parametrize("quote, passage, changed", [
    # two places trade clauses, one named by its people's adjective, in clauses of two content words
    ("sales in Asia grew 14%, offsetting a 3% decline in North America; European sales were flat", _REGIONS, True),
    ("Asian sales rose 14%, making up for a 3% fall in Europe, while North American sales were unchanged", _REGIONS,
     False),
])
def test_places_that_trade_clauses(quote: str, passage: str, changed: bool) -> None:
    _assert_changed(quote, passage, changed)


_VACCINE = ("Vaccination reduced the risk of hospitalisation by 62% (95% CI 48-72%) relative to no vaccination; the "
            "absolute risk fell from 2.1% to 0.8%.")
_FRAILTY = ("Our results suggest that the intervention may reduce readmissions among older adults, although the effect "
            "was not statistically significant after adjustment for frailty.")
_SCREENS = "The association between screen time and sleep loss lost statistical significance after adjustment for age."


@pytest.mark.parametrize("quote, passage, changed", [
    # "no" naming the arm compared with negates nothing
    ("the absolute risk of hospitalisation fell from 2.1% to 0.8% with vaccination", _VACCINE, False),
    ("the absolute risk of hospitalisation did not fall with vaccination", _VACCINE, True),
    ("vaccination cut the risk of hospitalisation by 62% compared with no vaccination", _VACCINE, False),
    ("vaccination did not cut the risk of hospitalisation compared with no vaccination", _VACCINE, True),
    # a relative change told as an absolute one
    ("vaccination cut the absolute risk of hospitalisation by 62%", _VACCINE, True),
    ("vaccination cut the relative risk of hospitalisation by 62%", _VACCINE, False),
    # an effect that lost significance was not significant
    ("the results suggest the intervention might cut readmissions in older adults, though the effect lost "
     "statistical significance after adjusting for frailty", _FRAILTY, False),
    ("the results suggest the intervention might cut readmissions in older adults, and the effect stayed "
     "statistically significant after adjusting for frailty", _FRAILTY, True),
    ("the association between screen time and sleep loss was not statistically significant after adjustment for age",
     _SCREENS, False),
    ("the association between screen time and sleep loss was statistically significant after adjustment for age",
     _SCREENS, True),
    ("the association between screen time and sleep loss remained significant after adjustment for age", _SCREENS, True),
])
def test_a_comparator_arm_a_scale_and_a_lost_significance(quote: str, passage: str, changed: bool) -> None:
    _assert_changed(quote, passage, changed)


_VOLCANO_ODDS = ("The volcano last erupted in 1883, and scientists consider a major eruption within the next century unlikely "
            "but not impossible.")
_MERGER = "The board approved the proposed merger with Delta Corp, subject to shareholder approval."
_SIDE_EFFECTS = "Side effects of this kind are not uncommon in patients over 70."


@pytest.mark.parametrize("quote, passage, changed", [
    # a negated negative says yes: "not impossible" is "possible", "not uncommon" is "common"
    ("scientists think a major eruption in the next 100 years is unlikely, though possible", _VOLCANO_ODDS, False),
    ("scientists think a major eruption in the next 100 years is impossible", _VOLCANO_ODDS, True),
    ("scientists think a major eruption in the next 100 years is not unlikely", _VOLCANO_ODDS, True),
    ("side effects of this kind are common in patients over 70", _SIDE_EFFECTS, False),
    ("side effects of this kind are uncommon in patients over 70", _SIDE_EFFECTS, True),
    ("side effects of this kind are rare in patients over 70", _SIDE_EFFECTS, True),
    # "pending" keeps a condition it names whole
    ("the board backed the proposed merger with Delta Corp, pending shareholder approval", _MERGER, False),
    ("the board backed the proposed merger with Delta Corp, pending regulatory approval", _MERGER, True),
    ("the board backed the proposed merger with Delta Corp", _MERGER, True),
])
def test_a_negated_negative_and_a_pending_condition(quote: str, passage: str, changed: bool) -> None:
    _assert_changed(quote, passage, changed)


_REMUNERATION = Source("r", "Wages and salaries include severance payments of €23 million (2017/18: €19 million). The variable "
                            "remuneration rose from €52 million in financial year 2017/18 to €81 million in financial year "
                            "2018/19. Long-term remuneration components totalled €7 million (2017/18: €16 million).")
_EMBODIMENTS = Source("p", "The invention relates to a cooling system. In some embodiments, the system reduces the maximum "
                           "cell-to-cell temperature spread to less than 3 °C. In most cases, the pump runs at full speed.")
_GAIN = Source("g", "GAAP EPS of $1.79 also included a one-time $18 million gain on the sale of our legacy sensors business, "
                    "which we have excluded from adjusted results.")
_MINIMUM = Source("m", "In the event the Holding Company is unable to sell a minimum of 17,850,000 Shares within the period "
                       "herein provided, this Agreement shall terminate.")


@pytest.mark.parametrize("quote, source, accepted", [
    # a change told end first keeps its figures and years
    ("variable remuneration increased to €81 million in financial year 2018/19, up from €52 million in 2017/18",
     _REMUNERATION, True),
    ("variable remuneration increased to €52 million in financial year 2018/19, up from €81 million in 2017/18",
     _REMUNERATION, False),
    ("variable remuneration increased to €81 million in financial year 2017/18, up from €52 million in 2018/19",
     _REMUNERATION, False),
    # a sentence quoted whole without the scope it opens with
    ("The system reduces the maximum cell-to-cell temperature spread to less than 3 °C.", _EMBODIMENTS, False),
    ("In some embodiments, the system reduces the maximum cell-to-cell temperature spread to less than 3 °C.",
     _EMBODIMENTS, True),
    ("The pump runs at full speed.", _EMBODIMENTS, False),
    ("The invention relates to a cooling system.", _EMBODIMENTS, True),
    # a bracketed pronoun with its verb in another person
    ("GAAP EPS of $1.79 also included a one-time $18 million gain on the sale of [Corvane's] legacy sensors business, "
     "which [it has] excluded from adjusted results", _GAIN, True),
    ("GAAP EPS of $1.79 also included a one-time $18 million gain on the sale of [Corvane's] legacy sensors business, "
     "which [it has not] excluded from adjusted results", _GAIN, False),
    ("GAAP EPS of $1.79 also included a one-time $18 million gain on the sale of [Corvane's] legacy sensors business, "
     "which [it had] excluded from adjusted results", _GAIN, False),
])
def test_a_change_told_end_first_a_scope_opener_and_a_bracketed_verb(quote: str, source: Source, accepted: bool) -> None:
    _assert_passed(quote, source, accepted)


@pytest.mark.parametrize("quote, passage, changed", [
    # "unable to sell a minimum of" and "cannot sell at least" are one bound, both negated
    ("if the Holding Company cannot sell at least 17,850,000 Shares within the period provided, the Agreement terminates",
     _MINIMUM.text, False),
    ("if the Holding Company sells at least 17,850,000 Shares within the period provided, the Agreement terminates",
     _MINIMUM.text, True),
])
def test_unable_negates_a_bound(quote: str, passage: str, changed: bool) -> None:
    _assert_changed(quote, passage, changed)


_ROUTINE = Source("patent", "In another aspect, the controller executes a prioritisation routine: when the total available "
                            "coolant flow is less than the sum of requested flows, flow is allocated first to any module "
                            "whose temperature exceeds a first threshold. The Food and Drug Administration (FDA) has not "
                            "reviewed the device.")


@pytest.mark.parametrize("quote, accepted", [
    # a term the quote defines that no source has, however close the rest
    ("In another aspect, the controller executes a prioritisation routine, referred to herein as Differential Priority "
     "Allocation (DPA): when the total available coolant flow is less than the sum of requested flows, flow is allocated "
     "first to any module whose temperature exceeds a first threshold", False),
    ("the controller runs a prioritisation routine, known as the Thermal Triage Scheme, which allocates flow first to "
     "any module whose temperature exceeds a first threshold when the coolant flow available is less than requested",
     False),
    ("the controller runs a prioritisation routine: when the coolant flow available is less than the flows requested, "
     "it allocates flow first to any module whose temperature exceeds a first threshold", True),
])
def test_a_term_the_quote_defines(quote: str, accepted: bool) -> None:
    _assert_passed(quote, _ROUTINE, accepted)


_DEFECTS = "The Supplier must notify the Buyer of any defect within 10 days of delivery."
_CHANGE_OF_CONTROL = "The licence ends as soon as practicable, but in no event later than sixty days, after a change of control."
_RETURNS = "Federal returns for 2019 and later years remain subject to examination by the tax authorities."
_SALE = "The sale of the plant is subject to approval by the regulator."
_FEES = "We do not conclude that the fees charged were excessive, but the agency has not shown that they were fair."
_RELAPSE = "The trial does not support the view that the drug prevents relapse."


@pytest.mark.parametrize("quote, passage, changed", [
    # "no later than" in the quote sets the deadline "within" sets, as the other way round
    ("the Supplier has to notify the Buyer of any defect no later than 10 days after delivery", _DEFECTS, False),
    ("the Supplier has to notify the Buyer of any defect no later than 20 days after delivery", _DEFECTS, True),
    ("the Supplier need not notify the Buyer of any defect within 10 days of delivery", _DEFECTS, True),
    ("the licence ends no later than sixty days after a change of control", _CHANGE_OF_CONTROL, False),
    # "subject to examination" is an exposure, not a condition; "subject to approval" is one
    ("federal returns for 2019 and later years remain open to examination by the tax authorities", _RETURNS, False),
    ("federal returns for 2019 and later years are not open to examination by the tax authorities", _RETURNS, True),
    ("the sale of the plant will go ahead", _SALE, True),
    # a negated "conclude that" denies the conclusion, not the words of what is concluded
    ("The panel does not conclude that the fees the firm charged its clients were excessive, but says the agency has "
     "not shown that they were fair", _FEES, False),
    ("The panel concludes that the fees the firm charged its clients were excessive, but says the agency has not "
     "shown that they were fair", _FEES, True),
    # the absence of support told as a finding of the opposite
    ("the trial confirms that the drug does not prevent relapse", _RELAPSE, True),
    ("the trial does not support the view that the drug prevents relapse", _RELAPSE, False),
])
def test_a_deadline_an_exposure_a_denied_conclusion_and_denied_support(quote: str, passage: str, changed: bool) -> None:
    _assert_changed(quote, passage, changed)


_FUNDING = Source("f", "Findings. 3. The port authority received £86 million in emergency funding from the Treasury over the "
                       "two years to March 2024. We do not conclude that this funding was misused, but the authority has "
                       "not demonstrated that it secured lasting improvements in freight handling. Of this funding, £12 "
                       "million went to the northern terminal. 4. The authority's board met eleven times.")


@pytest.mark.parametrize("quote, accepted", [
    # a quote that names what "this funding" points back to by the sentence before's figure
    ("The committee does not conclude that the £86 million in emergency funding was misused, but says the authority "
     "has not shown that it secured lasting improvements in freight handling", True),
    ("The committee does not conclude that the £96 million in emergency funding was misused, but says the authority "
     "has not shown that it secured lasting improvements in freight handling", False),
    # the sentence before's figure given to the claim of a sentence that has its own
    ("£86 million of the emergency funding went to the northern terminal", False),
])
def test_a_figure_named_for_what_the_passage_points_back_to(quote: str, accepted: bool) -> None:
    _assert_passed(quote, _FUNDING, accepted)


_VOTING = "A Change of Control shall include the transfer of more than 50% of the voting power of the Company."
_LEVERAGE_COVENANT = "The Borrower shall maintain a Leverage Ratio of not more than 3.50 to 1.00 as of the last day of each quarter."
_FLOODS = "More than 100 people died in the floods, officials said on Monday."
_FEE_CAP = "The service fee charged to a customer may not exceed $500 in any month."


@pytest.mark.parametrize("quote, passage, changed", [
    # a rule's or a share's bound that takes its figure in, for one that leaves it out, or the other way round
    ("a Change of Control includes the transfer of 50% or more of the voting power of the Company", _VOTING, True),
    ("a Change of Control includes the transfer of at least 50% of the voting power of the Company", _VOTING, True),
    ("a Change of Control includes the transfer of over 50% of the voting power of the Company", _VOTING, False),
    ("the service fee charged to a customer must be less than $500 in any month", _FEE_CAP, True),
    ("the service fee charged to a customer is capped at $500 in any month", _FEE_CAP, False),
    ("the Borrower must keep its Leverage Ratio at or below 3.50 to 1.00 at the end of each quarter", _LEVERAGE_COVENANT, False),
    # a report's count: "at least 100" and "more than 100" tell one toll
    ("at least 100 people died in the floods, officials said", _FLOODS, False),
])
def test_a_bound_that_takes_its_figure_in_or_leaves_it_out(quote: str, passage: str, changed: bool) -> None:
    _assert_changed(quote, passage, changed)


_CHANNEL_FEE = Source("c", "Cooperation Fee. The cooperation fee under this Agreement will be RMB200 million, of which RMB160 "
                           "million will be the channel fee and RMB40 million the promotion fee.")
_MINORITY = ("£58.2 million of the non-controlling interest losses shown in the balance sheet and £70.9 million of the "
             "non-controlling interest share of loss shown in the income statement relate to Pell Holdings' interest.")


@pytest.mark.parametrize("quote, accepted", [
    # "M" after a currency code is million, as after a sign
    ("The cooperation fee under this Agreement will be RMB 200M, of which RMB 160M will be the channel fee and "
     "RMB 40M the promotion fee.", True),
    ("The cooperation fee under this Agreement will be RMB 200M, of which RMB 140M will be the channel fee and "
     "RMB 40M the promotion fee.", False),
])
def test_a_scale_letter_after_a_currency_code(quote: str, accepted: bool) -> None:
    _assert_passed(quote, _CHANNEL_FEE, accepted)


@pytest.mark.parametrize("quote, passage, changed", [
    # a "non-" word both texts have, said twice in the one, negates nothing more
    ("£70.9 million of the non-controlling interest share of loss in the income statement relates to Pell Holdings' "
     "interest", _MINORITY, False),
    ("£70.9 million of the controlling interest share of loss in the income statement relates to Pell Holdings' "
     "interest", _MINORITY, True),
])
def test_a_non_word_said_more_often_in_one_text(quote: str, passage: str, changed: bool) -> None:
    _assert_changed(quote, passage, changed)


_MEMBER_REFUNDS = Source("r", "Refunds. The Member may cancel at any time; if no booking has been used in the current year, a full "
                       "refund of the fee will be paid, less a handling charge of $20. The Club may cancel on 30 days' notice.")
_RATE_HOLD = Source("b", "Rates will fall further if inflation eases as projected. If wage growth stays high, the Bank would keep "
                     "rates on hold for longer. The Bank will publish its next report in May.")
_BOARD_MAJORITY = Source("o", "The offer. A majority of the Board recommends that shareholders accept the offer. Two directors dissent.")
_DISCLAIMER = Source("w", "The disclaimer: \"The materials shown are for entertainment purposes only and does not provide any "
                         "guarantees of winning on this program. The rules of the games may change from time to time.\"")


@pytest.mark.parametrize("quote, source, accepted", [
    # an ellipsis that leaves out a condition opening the clause after a fragment that ends its own
    ("The Member may cancel at any time; ... a full refund of the fee will be paid, less a handling charge of $20.",
     _MEMBER_REFUNDS, False),
    ("The Member may cancel at any time; ... The Club may cancel on 30 days' notice.", _MEMBER_REFUNDS, True),
    ("Rates will fall further if inflation eases as projected. ... the Bank would keep rates on hold for longer.",
     _RATE_HOLD, False),
    ("Rates will fall further if inflation eases as projected. ... The Bank will publish its next report in May.",
     _RATE_HOLD, True),
    # a leading cut that leaves out the part the source speaks of
    ("... the Board recommends that shareholders accept the offer.", _BOARD_MAJORITY, False),
    ("... recommends that shareholders accept the offer.", _BOARD_MAJORITY, True),
    # a predicate of its own left out whole, to its sentence's end, negation and all (since the 55th stop); not
    # when the gap's negation reaches the fragment after it
    ("The materials shown are for entertainment purposes only ... The rules of the games may change from time to time.",
     _DISCLAIMER, True),
    ("The materials shown are for entertainment purposes only and does ... provide any guarantees of winning on this "
     "program.", _DISCLAIMER, False),
])
def test_an_ellipsis_that_leaves_out_a_condition_or_a_part(quote: str, source: Source, accepted: bool) -> None:
    _assert_passed(quote, source, accepted)


_HOLD = ("If services inflation proves more persistent than expected, the Board would be prepared to keep the cash rate "
         "at its current level for longer.")


@pytest.mark.parametrize("quote, passage, changed", [
    # a readiness told as a decision
    ("If services inflation proves more persistent than expected, the Board will keep the cash rate at its current "
     "level for longer.", _HOLD, True),
    ("if services inflation proves more persistent than expected, the Board is ready to keep the cash rate at its "
     "current level for longer", _HOLD, False),
    ("if services inflation persists, the Board would be willing to keep the cash rate where it is for longer", _HOLD, False),
])
def test_a_readiness_told_as_a_decision(quote: str, passage: str, changed: bool) -> None:
    _assert_changed(quote, passage, changed)


_REVERSED = ("The order of the tribunal is set aside insofar as it dismissed the claim for holiday pay, and the case is "
             "sent back for a fresh hearing.")
_SHARING = ("We may share your personal data with our auditors, but only to the extent necessary for them to audit our "
            "accounts.")


@pytest.mark.parametrize("quote, passage, changed", [
    # "insofar as", "to the extent" and "as far as" limit what they govern: left out, the claim is wider
    ("The order of the tribunal is set aside, and the case is sent back for a fresh hearing.", _REVERSED, True),
    ("the order is set aside to the extent that it dismissed the holiday pay claim, and the case is sent back for a "
     "fresh hearing", _REVERSED, False),
    ("they may share personal data with their auditors, but only as far as necessary for them to audit the accounts",
     _SHARING, False),
    ("they may share personal data with their auditors so that they can audit the accounts", _SHARING, True),
])
def test_insofar_and_to_the_extent_limit_a_claim(quote: str, passage: str, changed: bool) -> None:
    _assert_changed(quote, passage, changed)


_LANDLINES = "Revenue increased by 2% as higher data usage was partly offset by the decline in landline customers."


@pytest.mark.parametrize("quote, passage, changed", [
    # a thing the passage says declined ("the decline in landline customers"), told as growing
    ("Revenue rose 2% as data usage and landline customers grew", _LANDLINES, True),
    ("Revenue rose 2% as data usage grew, partly offset by fewer landline customers", _LANDLINES, False),
])
def test_a_direction_noun_and_what_it_is_of(quote: str, passage: str, changed: bool) -> None:
    _assert_changed(quote, passage, changed)


_RUNWAY = ("We believe that the net proceeds from this offering, together with our existing cash, will be sufficient to "
           "fund our operations for at least the next 18 months.")


@pytest.mark.parametrize("quote, passage, changed", [
    # a belief its maker states, told as a fact
    ("the net proceeds, together with existing cash, will be sufficient to fund operations for at least the next "
     "18 months", _RUNWAY, True),
    ("the company believes the net proceeds and its existing cash will fund its operations for at least the next "
     "18 months", _RUNWAY, False),
])
def test_a_belief_told_as_a_fact(quote: str, passage: str, changed: bool) -> None:
    _assert_changed(quote, passage, changed)


_AGENT_LIABILITY = Source("a", "6. Liability. The Agent shall incur no liability to the Company or to any holder of the Notes for any "
                               "action or failure to act, in connection with its duties under this Agreement or otherwise, "
                               "except as a result of its bad faith or gross negligence. The Agent may consult counsel.")


@pytest.mark.parametrize("quote, accepted", [
    # a fragment that stops in a clause the sentence closes with an exception, past the phrases that finish it
    ("The Agent shall incur no liability to the Company or to any holder of the Notes for any action or failure to act",
     False),
    ("The Agent shall incur no liability to the Company or to any holder of the Notes for any action or failure to act, "
     "in connection with its duties under this Agreement or otherwise, except as a result of its bad faith or gross "
     "negligence", True),
    ("The Agent may consult counsel", True),
])
def test_a_fragment_before_an_exception_that_closes_its_sentence(quote: str, accepted: bool) -> None:
    _assert_passed(quote, _AGENT_LIABILITY, accepted)


_JOBLESS = Source("j", "Labour market. The number of unemployed people rose by 54,000 to 1.41 million. The offer price was "
                       "JPY1,900 per share.")


@pytest.mark.parametrize("quote, accepted", [
    # "went up" for "rose", "¥" for "JPY": the same words in another register or sign
    ("the number of unemployed people went up by 54,000 to 1.41 million", True),
    ("the number of unemployed people went down by 54,000 to 1.41 million", False),
    ("The offer price was ¥1,900 per share", True),
    ("The offer price was ¥1,800 per share", False),
])
def test_went_up_for_rose_and_a_yen_sign_for_its_code(quote: str, accepted: bool) -> None:
    _assert_passed(quote, _JOBLESS, accepted)


_UTILITIES = "The fund trailed its benchmark over the year, mainly because of its underweight position in European banks."


@pytest.mark.parametrize("quote, passage, changed", [
    # over and under a benchmark, or a value
    ("the fund lagged its benchmark over the year mainly because of its overweight position in European banks",
     _UTILITIES, True),
    ("the fund lagged its benchmark over the year, largely owing to being underweight European banks", _UTILITIES, False),
])
def test_over_and_under_a_benchmark(quote: str, passage: str, changed: bool) -> None:
    _assert_changed(quote, passage, changed)


_RESURFACING = Source("b", "Reserves. The budget draws $2.3 million from the unassigned fund balance to pay for one-time "
                           "road resurfacing. Even after this draw, the unassigned balance is expected to stand at 17% of "
                           "operating expenditures, above the 15% minimum set by the reserve policy. No portion of the fund "
                           "balance is used to cover recurring costs.")
_EXCLUDED_SHARES = Source("d", "For fiscal 2019, 2018 and 2017, diluted net loss per share excludes 1.1 million, 0.5 million "
                               "and 0.3 million potential common shares, respectively, that could be issued under the stock "
                               "plans.")


@pytest.mark.parametrize("source, quote, accepted", [
    # a short noun pointed back to ("this draw"), named by a longer form of it in the sentence before ("draws")
    (_RESURFACING, "Even with the $2.3 million draw for one-time road resurfacing, the unassigned fund balance is "
                   "projected at 17% of operating expenditures, above the 15% minimum in the reserve policy", True),
    (_RESURFACING, "Even with the $3.2 million draw for one-time road resurfacing, the unassigned fund balance is "
                   "projected at 17% of operating expenditures, above the 15% minimum in the reserve policy", False),
    # "M" after each count of a list, before the plural noun the counts are of: millions, not metres
    (_EXCLUDED_SHARES, "For fiscal 2019, 2018 and 2017, diluted net loss per share excludes 1.1M, 0.5M and 0.3M "
                       "potential common shares, respectively, that could be issued under the stock plans.", True),
    (_EXCLUDED_SHARES, "For fiscal 2019, 2018 and 2017, diluted net loss per share excludes 1.1M, 0.6M and 0.3M "
                       "potential common shares, respectively, that could be issued under the stock plans.", False),
])
def test_a_short_noun_pointed_back_to_and_a_list_of_counts_in_millions(source: Source, quote: str, accepted: bool) -> None:
    _assert_passed(quote, source, accepted)


_HEARING = "Council is asked to hold a public hearing on October 22 and to adopt the budget no later than November 12."


@pytest.mark.parametrize("quote, passage, changed", [
    # a request told as a duty
    ("Council must hold a public hearing on October 22 and adopt the budget no later than November 12", _HEARING, True),
    ("Council is required to hold a public hearing on October 22 and to adopt the budget by November 12", _HEARING, True),
    ("Council has been asked to hold a public hearing on October 22 and to adopt the budget by November 12", _HEARING,
     False),
    # a thing requested is no request of an act
    ("The Agent must send the information to the Fund no later than five business days after a request",
     "You agree to transmit the requested information to the Fund not later than five business days after a request.", False),
])
def test_a_request_told_as_a_duty(quote: str, passage: str, changed: bool) -> None:
    _assert_changed(quote, passage, changed)


_SOLE_RECALL = ("Premier shall have the sole right and sole discretion, after consultation with Heritage, to decide whether "
           "to initiate a recall of any Product.")
_RENEWAL = "Management reviews the renewal rate every quarter; in the fourth quarter it remained stable at 91%."
_ANTIDILUTIVE = ("Options whose exercise price was greater than or equal to the average market price of the common stock "
                 "were excluded from the computation of diluted earnings per share.")


@pytest.mark.parametrize("quote, passage, changed", [
    # a sole right told as a joint one
    ("Premier and Heritage jointly decide whether to initiate a recall of any Product", _SOLE_RECALL, True),
    ("Premier alone decides, after consulting Heritage, whether to initiate a recall of any Product", _SOLE_RECALL, False),
    # a figure that held told as one that moved
    ("Management reviews the renewal rate every quarter; in the fourth quarter it improved to 91%", _RENEWAL, True),
    ("Management reviews the renewal rate quarterly, and in the fourth quarter it held steady at 91%", _RENEWAL, False),
    # a comparison that takes equality in, told as a strict one
    ("options whose exercise price exceeded the average market price of the common stock were left out of diluted "
     "earnings per share", _ANTIDILUTIVE, True),
    ("options whose exercise price was at least the average market price of the common stock were left out of diluted "
     "earnings per share", _ANTIDILUTIVE, False),
])
def test_a_sole_right_a_stable_figure_and_an_equality_left_out(quote: str, passage: str, changed: bool) -> None:
    _assert_changed(quote, passage, changed)


_VOTE = Source("v", "At its meeting ending on 31 January, the Committee voted by a majority of 6–3 to maintain Bank Rate at "
                    "4.75%.")


@pytest.mark.parametrize("quote, accepted", [
    # a tally in words for its figures, "six to three" for "6–3"
    ("the Committee voted by a majority of six to three to maintain Bank Rate at 4.75%", True),
    ("the Committee voted by a majority of seven to two to maintain Bank Rate at 4.75%", False),
])
def test_a_tally_in_words(quote: str, accepted: bool) -> None:
    _assert_passed(quote, _VOTE, accepted)


_SPONSOR_AUDIT = Source("s", 'This Agreement is between Excite, Inc. ("Excite") and N2K Inc. ("Sponsor"). Audit. The CPA\'s '
                             "fees shall be paid by Excite, unless the audit shows that Sponsor underpaid by more than 10% of "
                             "the amounts due, in which case Sponsor shall pay the reasonable fees of the CPA.")
_CAPACITY = ("Inktomi and Microsoft will confer not less frequently than monthly regarding the appropriate size and capacity "
             "of the Hosting Server cluster.")


@pytest.mark.parametrize("quote, accepted", [
    # a name's digit ("N2K") states no figure the passage lacks
    ("Excite bears the CPA's fees unless the audit shows N2K underpaid by more than 10% of the amounts due, in which "
     "case N2K must pay the CPA's reasonable fees", True),
    ("Excite bears the CPA's fees unless the audit shows N2K underpaid by more than 20% of the amounts due, in which "
     "case N2K must pay the CPA's reasonable fees", False),
])
def test_a_name_with_a_digit_states_no_figure(quote: str, accepted: bool) -> None:
    _assert_passed(quote, _SPONSOR_AUDIT, accepted)


@pytest.mark.parametrize("quote, changed", [
    # "at least monthly" for "not less frequently than monthly": a bound, not a negation
    ("Inktomi and Microsoft must confer at least monthly about the appropriate size and capacity of the Hosting Server "
     "cluster", False),
    ("Inktomi and Microsoft must confer at most monthly about the appropriate size and capacity of the Hosting Server "
     "cluster", True),
])
def test_a_bound_on_how_often(quote: str, changed: bool) -> None:
    _assert_changed(quote, _CAPACITY, changed)


_GOVERNING_LAW = ("This Agreement will be governed and construed in accordance with the laws of the State of California "
                  "without giving effect to conflict of laws principles.")


@pytest.mark.parametrize("quote, changed", [
    # "without giving effect to" conflict rules negates no claim, as "without regard to" does not
    ("The agreement is governed by California law (without regard to conflict-of-laws principles)", False),
    ("The agreement is not governed by California law (without regard to conflict-of-laws principles)", True),
])
def test_a_choice_of_law_saving_clause(quote: str, changed: bool) -> None:
    _assert_changed(quote, _GOVERNING_LAW, changed)


_DOPING = Source("d", "DECISION. Federation v. Marcus Delaney (the Athlete). 1. The Athlete was charged under Rule 7.2 with "
                      "refusing to submit to sample collection. 2. The Panel finds the charge proven. There is no suggestion "
                      "that the Athlete had used any prohibited substance. 3. The Athlete is declared ineligible for 18 "
                      "months.")
_RAIL_NOTES = Source("n", "Summary of the Offering\nIssuer: Northgate Rail Infrastructure plc.\nSecurities offered: 4.125% Senior "
                     "Notes due 2031\n\nTax redemption: the Issuer may redeem all, but not some, of the Notes at par if, "
                     "as a result of a change in UK tax law, it would be required to pay additional amounts.")
_ADDENDUM = Source("t", "ADDENDUM NO. 2\nLandlord: Hollis Estates Ltd\nTenants: Priya Nair and Daniel Brooks\n\n"
                        "1. The Tenants may carry out minor repairs. 2. The Landlord may end the tenancy on two months' "
                        "notice if it intends to sell the flat.")
_AWARD = Source("a", "Summary of Final Award. Claimant: Orlen Marine Contractors Ltd. Respondent: Port Authority of Vastmere. "
                     "Tribunal: Ms. Helena Brandt (presiding). Accordingly, Respondent shall pay Claimant a net sum of "
                     "€18.0 million within 45 days of the date of the award.")


@pytest.mark.parametrize("source, quote, accepted", [
    # a party named where the passage has the role the text gives them: in brackets, or as a heading's label
    (_DOPING, "The Panel noted that there was no suggestion Delaney had used any prohibited substance.", True),
    (_DOPING, "Marcus Delaney is declared ineligible for 18 months.", True),
    (_DOPING, "Marcus Delaney is declared ineligible for 24 months.", False),
    (_ADDENDUM, "If it intends to sell the flat, Hollis Estates can bring the tenancy to an end by giving two months' "
                "notice.", True),
    (_ADDENDUM, "If they intend to sell the flat, Priya Nair and Daniel Brooks can bring the tenancy to an end by giving "
                "two months' notice.", False),
    # the labels of a case's caption run together in one line (since the 55th stop)
    (_AWARD, "The Port Authority of Vastmere must pay Orlen Marine a net €18.0 million within 45 days of the award date.",
     True),
    (_AWARD, "Orlen Marine must pay the Port Authority of Vastmere a net €18.0 million within 45 days of the award date.",
     False),
    # a company by its heading's name, or by its first words
    (_RAIL_NOTES, "Northgate Rail may redeem all, but not some, of the Notes at par if a change in UK tax law would require "
             "it to pay additional amounts.", True),
    (_RAIL_NOTES, "Northgate Rail Infrastructure may redeem all, but not some, of the Notes at 101% if a change in UK tax law "
             "would require it to pay additional amounts.", False),
])
def test_a_party_named_for_the_role_the_text_gives_it(source: Source, quote: str, accepted: bool) -> None:
    _assert_passed(quote, source, accepted)


_RCA = Source("r", "Nine cases were reported. Root-cause analysis was completed for seven of the nine cases; in four of these, "
                   "delays in isolating symptomatic patients were identified as a contributory factor.")


@pytest.mark.parametrize("quote, accepted", [
    # a number word in the place of another between the same words, though the passage has it elsewhere (since the
    # 55th stop)
    ("Root-cause analysis was completed for all nine cases; in seven of these, delays in isolating symptomatic "
     "patients were identified as the cause.", False),
    ("Root-cause analysis was done for seven of the nine cases; in four of these, delays in isolating symptomatic "
     "patients were found to be a contributory factor.", True),
])
def test_a_number_word_in_the_place_of_another(quote: str, accepted: bool) -> None:
    _assert_passed(quote, _RCA, accepted)


_CAPEX = Source("c", "Capital expenditure is expected to be between £420 million and £460 million in 2024/25, compared with "
                     "£395 million in 2023/24.")


@pytest.mark.parametrize("quote, accepted", [
    # a range's scale is its low end's too (since the 55th stop)
    ("Capex for 2024/25 is expected to come in at £420–460 million, versus £395 million in 2023/24.", True),
    ("Capex for 2024/25 is expected to come in at £410–460 million, versus £395 million in 2023/24.", False),
])
def test_a_range_s_scale_is_its_low_end_s_too(quote: str, accepted: bool) -> None:
    _assert_passed(quote, _CAPEX, accepted)


_VIALS = Source("v", "Each vial holds 10 ml of the solution and must be kept below 300 K. The site is 5 km from the "
                      "depot, and the delivery took 5 days.")


@pytest.mark.parametrize("quote, accepted", [
    # a figure in a unit of another kind than any the passage gives it in (since the 55th stop)
    ("Each vial holds 10 grams of the solution.", False),
    ("Each vial holds 10 millilitres of the solution.", True),
    ("The site is 5 days from the depot.", False),
    ("The delivery took 5 days.", True),  # (the passage gives 5 in kilometres too, of another thing)
    ("Each vial holds 10 ml of the solution and must be kept below 300 kelvin.", True),
])
def test_a_figure_in_a_unit_of_another_kind(quote: str, accepted: bool) -> None:
    _assert_passed(quote, _VIALS, accepted)


_FIRE_DOORS = Source("f", "Action plan. All defective doors must be repaired or replaced within 28 days. The remaining 44 "
                          "flat entrance doors should be checked by a competent person within three months.")


@pytest.mark.parametrize("quote, accepted", [
    # "the other 44" for "the remaining 44"
    ("All the defective doors must be repaired or replaced within 28 days, and the other 44 flat entrance doors should "
     "be checked by a competent person within three months.", True),
    ("All the defective doors must be repaired or replaced within 28 days, and the other 34 flat entrance doors should "
     "be checked by a competent person within three months.", False),
])
def test_the_other_for_the_remaining(quote: str, accepted: bool) -> None:
    _assert_passed(quote, _FIRE_DOORS, accepted)


_PLEA = Source("p", "Appellant Corwin Maddox pleaded guilty to one count of second-degree burglary and one count of theft of "
                    "property valued at more than $5,000. The district court sentenced him to 78 months in prison.")


@pytest.mark.parametrize("quote, accepted", [
    # "worth" for "valued at"
    ("Maddox pleaded guilty to one count of second-degree burglary and one count of theft of property worth more than "
     "$5,000.", True),
    ("Maddox pleaded guilty to one count of second-degree burglary and one count of theft of property worth more than "
     "$50,000.", False),
])
def test_worth_for_valued_at(quote: str, accepted: bool) -> None:
    _assert_passed(quote, _PLEA, accepted)


_BUTTONS = Source("e", "If the partner reasonably believes that the back buttons reduce sign-ups, the partner may run a one (1) "
                       "month test on Example.com of the effect of the back buttons. If such test verifies the effect on the "
                       "Example.com site, the partner may remove the back buttons. 1.3 Fees are due monthly.")


@pytest.mark.parametrize("quote, accepted", [
    # a condition the next fragment's sentence opens with, past a domain name's dot in the gap
    ("If the partner reasonably believes that the back buttons reduce sign-ups ... the partner may remove the back "
     "buttons.", False),
    ("If the partner reasonably believes that the back buttons reduce sign-ups ... Fees are due monthly.", True),
])
def test_a_dot_in_a_domain_name_ends_no_sentence_in_a_gap(quote: str, accepted: bool) -> None:
    _assert_passed(quote, _BUTTONS, accepted)


_FOOTNOTE = Source("n", "(2) Consists of 19,464,437 restricted share units, with performance-based awards assuming maximum "
                        "performance, and 3,751 stock options. (3) Does not reflect restricted stock units because these "
                        "awards have no exercise price. The remaining information will be included in the proxy statement.")


@pytest.mark.parametrize("quote, accepted", [
    # (since the 54th stop) "doesn't reflect" keeps the passage's "does not reflect"; "because" opens a clause of
    # its own, which the negation before it does not reach
    ("The figure doesn't reflect restricted stock units, because those awards have no exercise price.", True),
    ("The figure does not reflect restricted stock units, because those awards have no exercise price.", True),
    ("The figure reflects restricted stock units, because those awards have no exercise price.", False),
])
def test_a_contracted_negation_in_the_quote_and_a_clause_after_because(quote: str, accepted: bool) -> None:
    _assert_passed(quote, _FOOTNOTE, accepted)


_VENUE = Source("v", "This Agreement shall be construed in accordance with the laws of the State of Texas and actions arising "
                     "out of this Agreement may be litigated in courts having situs in Harris County, Texas. Upon "
                     "termination, Provider shall make Customer Data available for export for thirty (30) days, after "
                     "which Provider may delete it. Brightline may appeal the decision to the Circuit Court within 28 "
                     "days of being notified of it.")


@pytest.mark.parametrize("quote, accepted", [
    # (since the 54th stop) a modal compared with the passage's modal for the same subject, where the passage
    # has modals of several classes: "may be litigated" told as "must be brought"
    ("Any action arising out of the agreement must be brought in the courts of Harris County, Texas.", False),
    ("Actions arising out of the agreement may be brought in the courts of Harris County, Texas.", True),
    ("After termination the provider must keep customer data available for export for 30 days, after which it may "
     "delete it.", True),
    # one court for another, told apart by the plain word before the noun they share
    ("Brightline can take the decision to the High Court on appeal within 28 days of being told of it.", False),
    ("Brightline can take the decision to the Circuit Court on appeal within 28 days of being told of it.", True),
    ("Brightline can appeal to the Circuit Court within 28 days of being notified of the decision.", True),
])
def test_a_modal_for_its_own_subject_and_one_court_for_another(quote: str, accepted: bool) -> None:
    _assert_passed(quote, _VENUE, accepted)


_GUARANTY = Source("g", "In the event Offshore is in Default under Section 7.1(f), (g), (h) and/or (i) of the Credit Agreement, "
                        "then Prime absolutely and unconditionally warrants to Guaranty the assumption of all costs for "
                        "Project Completion.")


@pytest.mark.parametrize("quote, accepted", [
    # (since the 54th stop) the whole section for some of its paragraphs widens what the quote covers
    ("If Offshore is in Default under Section 7.1 of the Credit Agreement, Prime unconditionally warrants to Guaranty "
     "that it will assume all costs of Project Completion.", False),
    ("If Offshore is in Default under Section 7.1(f), (g), (h) or (i) of the Credit Agreement, Prime unconditionally "
     "warrants to Guaranty that it will assume all costs of Project Completion.", True),
])
def test_a_whole_section_for_some_of_its_paragraphs(quote: str, accepted: bool) -> None:
    _assert_passed(quote, _GUARANTY, accepted)


_LATE_FEE = Source("f", "3.2 In the event that the fee is not paid by the Sponsor on or before the applicable payment due date, "
                        "the Club may elect to charge the Sponsor a late fee of 1.5% per month of the payment then due and "
                        "owing until it is paid in full.")
_PAYABLES = Source("p", "The Directors consider that the carrying amount of trade payables approximates their fair value. "
                        "Attendance has improved this year but remains below the national average.")
_TERMINATION = Source("t", "Clause 17.2 of the Agreement permitted either party to terminate on 90 days' written notice if "
                           "the other committed a material breach and failed to remedy it within 30 days of being asked to do so.")
_WARRANTY = Source("w", "(e) to Licensor's knowledge, none of the issued Licensor Patents are invalid or unenforceable.")
_OWNED = Source("o", "Any and all web pages used by the Contractor, and all associated rights, shall be owned exclusively by "
                     "the Company.")
_REAL_PAY = Source("e", "Adjusted for inflation using the Consumer Prices Index including owner occupiers' housing costs (CPIH), "
                        "real regular pay grew by 2.1% on the year. The final report is expected to be published in the second "
                        "half of 2024.")
_REPORT = Source("r", "The investigation is continuing. The final report on the accident is expected to be published in the "
                      "second half of 2024.")
_NON_SOLICIT = Source("s", "IBM agrees that, for a period of two years from the Effective Date, it will not solicit for "
                            "employment any Transferred Employees without the prior written consent of MSL.")
_TRIAL = Source("h", "The drug reduced hospital admissions by 21% in patients with reduced ejection fraction. Whether these "
                     "findings extend to patients with preserved ejection fraction is being evaluated in an ongoing trial.")
_LOAN_AND_SHARES = Source("u", "The cash paid for the acquisition was funded, in part, with a term loan of 80 billion New Taiwan dollars "
                       "and $986 million from the sale of 58 million shares of our common stock.")
_RATE_CASE = Source("k", "The utility proposes to expand the low-income discount from 20% to 35%. The expansion would be funded "
                         "through a non-bypassable charge on all other customer classes.")
_INSPECTION = Source("i", "7.6 The Tenant may, on giving not less than 14 days' written notice, inspect the invoices and receipts "
                          "relating to the Service Costs for the preceding Service Charge Year at the offices of the managing agent.")
_NEOS = Source("n", "The Compensation Committee set target amounts for each plan component for each of our NEOs in 2019 "
                    "who are participating in our incentive compensation plans.")


@pytest.mark.parametrize("quote, source, accepted", [
    # since the 56th stop: a negative predicate read where it stands ("is paid in full" further on restates
    # no payment made on time)
    ("If the Sponsor misses a payment date, the Club can choose to charge a late fee of 1.5% per month on the amount "
     "due until it is paid in full.", _LATE_FEE, True),
    ("If the Sponsor pays on the payment date, the Club can choose to charge a late fee of 1.5% per month on the amount "
     "due until it is paid in full.", _LATE_FEE, False),
    # an exactness the source does not claim; a fall told for an improvement
    ("According to the Directors, trade payables are carried at exactly their fair value.", _PAYABLES, False),
    ("The Directors consider that the carrying amount of trade payables approximates their fair value.", _PAYABLES, True),
    ("Attendance fell this year and is below the national average.", _PAYABLES, False),
    ("Attendance got better this year but is still below the national average.", _PAYABLES, True),
    # one requirement of a condition told as enough
    ("Clause 17.2 of the Agreement permitted either party to terminate on 90 days' written notice if the other "
     "committed a material breach", _TERMINATION, False),
    ("Clause 17.2 of the Agreement permitted either party to terminate on 90 days' written notice if the other "
     "committed a material breach and failed to remedy it within 30 days", _TERMINATION, True),
    # a warranty without the knowledge it is limited to; owned jointly for exclusively
    ("The Licensor warranted that none of the issued Licensor Patents is invalid or unenforceable.", _WARRANTY, False),
    ("The Licensor warranted that, to its knowledge, none of the issued Licensor Patents is invalid or unenforceable.",
     _WARRANTY, True),
    ("Any and all web pages used by the Contractor, and all associated rights, shall be owned jointly by the Company "
     "and the Contractor.", _OWNED, False),
    ("All web pages the Contractor uses, and all associated rights, belong to the Company alone.", _OWNED, True),
    # another measure by its own abbreviation; a report expected told as published
    ("Adjusted for inflation using the Consumer Prices Index (CPI), real regular pay grew by 2.1% on the year.",
     _REAL_PAY, False),
    ("Adjusted for inflation using CPIH, real regular pay rose 2.1% on the year.", _REAL_PAY, True),
    ("The final report was published in the second half of 2024.", _REAL_PAY, False),
    ("The final report on the accident was published in the second half of 2024.", _REPORT, False),
    ("The final report should come out in the second half of 2024.", _REAL_PAY, True),
    # a hiring ban for a non-solicitation; an open question told as answered
    ("IBM may not hire any Transferred Employee for two years after the Effective Date without MSL's prior written "
     "consent.", _NON_SOLICIT, False),
    ("For two years from the Effective Date, IBM must not solicit any Transferred Employee for employment without MSL's "
     "prior written consent.", _NON_SOLICIT, True),
    ("The trial showed that the benefit extends to patients with preserved ejection fraction as well.", _TRIAL, False),
    ("An ongoing trial is evaluating whether the findings extend to patients with preserved ejection fraction.",
     _TRIAL, True),
    # part of a funding told as the whole; all others told as all
    ("The acquisition was paid for through the sale of 58 million shares of common stock, which raised $986 million.",
     _LOAN_AND_SHARES, False),
    ("The acquisition was paid for in part through the sale of 58 million shares of common stock, which raised $986 "
     "million.", _LOAN_AND_SHARES, True),
    ("The expanded discount would be paid for through a non-bypassable charge on all customers.", _RATE_CASE, False),
    ("The expanded discount would be paid for through a non-bypassable charge on all other customer classes.",
     _RATE_CASE, True),
    # a condition set by "on giving" notice, restated with "provided"
    ("The Tenant can inspect the invoices and receipts for the previous year's Service Costs at the managing agent's "
     "offices, provided it gives at least 14 days' written notice.", _INSPECTION, True),
    # cut right before the clause that says which of "each of our" NEOs
    ("the Compensation Committee set target amounts for each plan component for each of our NEOs in 2019", _NEOS, False),
])
def test_the_56th_stop_s_rules(quote: str, source: Source, accepted: bool) -> None:
    _assert_passed(quote, source, accepted)


_SCHEDULE = Source("c", "The Parties hereby agree to delete Schedule B in its entirety and replace it with the following new "
                        "Schedule B.")
_EXOPLANET = Source("x", "The companion, a gas giant, orbits its star every 14 years and is estimated to have a mass between 3 "
                         "and 5 times that of Jupiter.")
_JOBLESS_RATE = Source("j", "The unemployment rate rose to 5.1 per cent and is expected to increase slightly over the coming year.")
_ORDER_FORM = Source("f", "These Terms, when accepted by the Customer, constitute the entire agreement of the parties and shall "
                          "override any conflicting terms and conditions of any order form.")
_KILN = Source("k", "The kiln is comparable in size to examples from Lincoln and Colchester, though it is larger than the kilns "
                    "excavated at Water Newton.")
_CHARCOAL = Source("h", "The thin charcoal lens beneath the floor is notable and may reflect an episode of burning before the "
                        "hall was built.")
_UPDATES = Source("u", "The Supplier shall deliver patches for the Licensed Software when patches for the Platform are released "
                       "to other licensees, as applicable, to the extent commercially reasonable.")
_BUDGET = Source("b", "The plan funds 20 new teaching posts, twelve of which are contingent on the state renewing its literacy "
                      "grant. Class sizes will fall to 24.")
_POLICY = Source("p", "This exclusion applies to all insureds, including those who took no part in the act, except that it "
                      "shall not apply to an innocent co-insured who cooperates with our investigation.")
_SEARCH = Source("r", "A search of the vehicle's cabin remains permissible without a warrant, but requires probable cause that the "
                      "vehicle holds evidence of a crime.")
_OUTLOOK = Source("o", "Results for the year\n\nGuidance\nAssuming fuel prices remain near current levels, we expect operating "
                       "margin of 8-9% in 2025.")
_FOUNDRY = Source("y", "Substantially all of our chips are fabricated by a single foundry partner, and about 80% of its output "
                       "comes from plants in one region.")
_MISCONDUCT = Source("m", "The Board has accepted the findings and has requested withdrawal of the two conference papers; it has "
                          "also notified the funder.")
_ELDERLY_TARGET = Source("g", "In adults aged 80 or over, a systolic target below 150 mm Hg is reasonable, individualised according "
                              "to frailty and tolerance.")
_COVER_RANGE = Source("v", "The Board's target range for the solvency coverage ratio is 150% to 180%, and the ratio stood at 172% "
                           "at year end.")
_ONE_OFF = Source("z", "The Licensee shall pay a one-off bonus of $1 million when royalties in a Contract Year first exceed "
                       "$10 million.")
_WEEKLY_CASES = Source("w", "Reported cases fell for a fourth straight week, from 64 in the week ending 2 May to 31 in the week "
                            "ending 23 May.")
_TOP_UP = Source("t", "9.3 If any rent is unpaid on the date you pay a deposit top-up, we will apply the payment first to the "
                      "unpaid rent and any late charges before applying the balance towards the deposit top-up.")
_POSTS = Source("a", "The plan funds 20 new teaching posts, twelve of which are contingent on the state renewing its literacy "
                     "grant.")
_EMISSIONS_FALL = Source("l", "The fall in emissions was mainly due to the retirement of the Ashby coal units in March 2024 and, to "
                             "a lesser extent, reduced venting at our gas processing plants.")
_DELAYS = Source("d", "The report attributes the delays mainly to a shortage of trained assessors, although it found that gaps "
                      "in the case management system also contributed.")
_RETEST = Source("r", "Blood samples may be taken again once at the clinician's discretion if a result appears inconsistent with "
                      "the participant's history.")
_RESERVE_PRICE = Source("e", "The Operator shall publish the reserve price for each licence block at the start of each bidding "
                             "round.")
_CAPITALS = Source("k", "9. LIABILITY\n\nLIMITATION OF LIABILITY\nEXCEPT FOR\nBREACH OF SECTION 7, NEITHER PARTY SHALL BE LIABLE TO "
                        "THE OTHER FOR INDIRECT OR CONSEQUENTIAL DAMAGES.")
_PROFIT = Source("q", "Operating profit fell 7% to £210 million, reflecting a £40 million write-down of the legacy billing "
                      "platform and higher amortisation.")


@pytest.mark.parametrize("quote, source, accepted", [
    # since the 57th stop: a part for the whole; a schedule added to for one replaced
    ("The Parties agree to delete Schedule B in part and supplement it with the following new Schedule B.", _SCHEDULE, False),
    ("The Parties agreed to delete the whole of Schedule B and replace it with a new Schedule B.", _SCHEDULE, True),
    # a mass measured for one estimated; a fall expected for a rise
    ("The gas giant has been measured at 3 to 5 times the mass of Jupiter.", _EXOPLANET, False),
    ("The gas giant is thought to be 3 to 5 times as massive as Jupiter, by estimate.", _EXOPLANET, True),
    ("Unemployment rose to 5.1 per cent, and it is expected to ease over the coming year.", _JOBLESS_RATE, False),
    ("Unemployment climbed to 5.1 per cent and is expected to edge up further over the coming year.", _JOBLESS_RATE, True),
    # an act turned round by the passive; a difference told as a likeness
    ("These Terms, when accepted by the Customer, constitute the entire agreement of the parties and shall be overridden "
     "by any conflicting terms and conditions of any order form.", _ORDER_FORM, False),
    ("Any conflicting terms and conditions of an order form are overridden by these Terms once the Customer accepts them.",
     _ORDER_FORM, True),
    ("The kiln is comparable in size to examples from Lincoln and Colchester, and to the kilns excavated at Water Newton.",
     _KILN, False),
    ("In size the kiln is comparable to examples from Lincoln and Colchester, but larger than the kilns excavated at "
     "Water Newton.", _KILN, True),
    # a possibility told as shown
    ("The charcoal lens under the floor shows that there was an episode of burning before the hall was built.", _CHARCOAL,
     False),
    ("The charcoal lens beneath the floor may be evidence of an episode of burning before the hall was built.", _CHARCOAL,
     True),
    # cut before "to the extent ...", before "twelve of which are contingent on ...", before "but requires ..."
    ("The Supplier shall deliver patches for the Licensed Software when patches for the Platform are released to other "
     "licensees.", _UPDATES, False),
    ("The plan funds 20 new teaching posts", _BUDGET, False),
    ("A search of the vehicle's cabin remains permissible without a warrant", _SEARCH, False),
    ("Class sizes will fall to 24.", _BUDGET, True),
    # an exception made, denied
    ("The exclusion reaches even insureds who took no part in the act, and there is no exception for an innocent "
     "co-insured.", _POLICY, False),
    # a forecast quoted without the condition its sentence opens with, below a heading of its own; an exception
    # below a heading, in wrapped capitals (a short line that opens a condition is no heading)
    ("we expect operating margin of 8-9% in 2025", _OUTLOOK, False),
    ("NEITHER PARTY SHALL BE LIABLE TO THE OTHER FOR INDIRECT OR CONSEQUENTIAL DAMAGES", _CAPITALS, False),
    # "substantially all" told as all; a withdrawal asked for, told as done; a cause of the quote's own
    ("All of our chips are fabricated by a single foundry partner.", _FOUNDRY, False),
    ("Virtually all of the chips are made by one foundry partner.", _FOUNDRY, True),
    ("The two conference papers have been withdrawn.", _MISCONDUCT, False),
    ("The Board asked for the two conference papers to be withdrawn.", _MISCONDUCT, True),
    ("Operating profit fell 7% to £210 million as subscription sales slowed in Europe.", _PROFIT, False),
    ("Operating profit dropped 7% to £210 million because of a £40 million write-down of the old billing platform.",
     _PROFIT, True),
    # a condition waived; a range's top told as a floor; a first time told as each time
    ("For adults aged 80 or over, the guideline requires a systolic target below 150 mm Hg, regardless of frailty.",
     _ELDERLY_TARGET, False),
    ("In those aged 80 or over, a systolic target below 150 mm Hg is reasonable, individualised to frailty and tolerance.",
     _ELDERLY_TARGET, True),
    ("The Board aims to keep the solvency coverage ratio at or above 180%.", _COVER_RANGE, False),
    ("The Board targets a solvency coverage ratio of between 150% and 180%.", _COVER_RANGE, True),
    ("The Licensee pays a $1 million bonus for each Contract Year in which royalties exceed $10 million.", _ONE_OFF, False),
    ("The Licensee pays a one-time $1 million bonus the first time royalties in a Contract Year top $10 million.",
     _ONE_OFF, True),
    # a cause where the passage gives none; two things put in the other order around "before"
    ("Thanks to the booster drive, reported cases fell for a fourth straight week.", _WEEKLY_CASES, False),
    ("Reported cases fell for a fourth straight week.", _WEEKLY_CASES, True),
    ("If any rent is unpaid on the date you pay a deposit top-up, we will apply the payment first towards the deposit "
     "top-up before applying the balance to the unpaid rent and any late charges.", _TOP_UP, False),
    # an ellipsis right before "contingent on"
    ("The plan funds 20 new teaching posts, twelve of which ...", _POSTS, False),
    # the main and the lesser cause swapped; a contributor told as the cause
    ("The fall in emissions was mainly due to reduced venting at our gas processing plants and, to a lesser extent, the "
     "retirement of the Ashby coal units in March 2024.", _EMISSIONS_FALL, False),
    ("Emissions fell mainly because the Ashby coal units were retired in March 2024, and to a lesser extent because of "
     "reduced venting at the gas processing plants.", _EMISSIONS_FALL, True),
    ("The report found that the delays were caused by gaps in the case management system.", _DELAYS, False),
    ("The report found that gaps in the case management system also contributed to the delays.", _DELAYS, True),
    # once told as without limit; each round told as once
    ("Blood samples can be taken again as many times as the clinician considers necessary if a result appears "
     "inconsistent.", _RETEST, False),
    ("The Operator publishes the reserve price for each licence block once, at the start of the auction.", _RESERVE_PRICE,
     False),
    ("The Operator publishes each licence block's reserve price at the start of every bidding round.", _RESERVE_PRICE, True),
])
def test_the_57th_stop_s_rules(quote: str, source: Source, accepted: bool) -> None:
    _assert_passed(quote, source, accepted)


# The 58th stop's rules, each with a faithful neighbour where one reads close (passages written for these tests)
_ZIRCON = Source("z", "The prospect is underlain by metasedimentary rocks intruded by a granodiorite stock; a U-Pb zircon "
                      "date of 412 ± 5 Ma was obtained from a single sample, but further dating is required to confirm "
                      "the age of the stock as a whole.")
_VELTRION_SUIT = Source("v", "In truth, as Plaintiffs allege upon information and belief, recruitment at nine of the study's "
                             "twenty sites had been halted after a regulatory inspection in March 2021.")
_TOPLINE = Source("t", "Enrolment in the KESTREL-3 study is complete, and the Company expects topline data in the "
                       "second half of 2026.")
_RESTRUCTURE = Source("r", "The Ministry announced that it has reached an agreement in principle with the committee of "
                           "bondholders on the restructuring of its US$4.8 billion of external bonds.")
_GUARDRAIL = Source("g", "The edge protection system was on site but had not been used on the north face since 9 May, and "
                         "this was not picked up at the weekly inspection.")
_INCIDENT_REPORTING = Source("i", "Operators shall submit an initial report within 6 hours of the classification of the "
                                  "incident as serious and in any event within 48 hours from the moment the operator "
                                  "has become aware of the incident.")
_INDEPENDENCE = Source("d", "The increase was driven mainly by votes against the re-election of directors at companies "
                            "where board independence fell below our policy threshold of one-third.")
_INDUCTION = Source("n", 'On 2 May a labourer employed by Ashdown Access Ltd (the "Subcontractor") was injured at the '
                         'Harlow Quay site, where Tamsin Building Ltd (the "Principal Contractor") was in control. The '
                         "site supervisor had not received the Principal Contractor's induction on lifting operations.")
_WAITING_LIST = Source("w", "At 31 August 2025 the total waiting list stood at 52,310 patients.")
_SITE_INDUCTIONS = Source("s", "Site inductions should be completed before any supervisor takes charge of a crane, save in an "
                               "emergency approved by the site manager.")
_HERNIA = Source("h", "In adults undergoing elective repair, mesh repair reduced recurrence at 24 months compared with "
                      "sutured repair.")
_PASSENGERS = Source("p", "Ravenholt, the Group's largest airport, handled 19.2 million passengers, an increase of 4.3%, "
                          "while the regional airports grew by 8.7% in aggregate.")
_BOND_DEAL = Source("b", "The deal remains subject to confirmation by IMF staff that its terms are consistent with the "
                         "sustainability parameters of the Republic's Extended Credit Facility programme, and to the "
                         "completion of definitive documentation.")
_TIE_BREAK = Source("k", "If Bidders remain tied, the Council reserves the right to invite them to submit a best and final "
                         "offer.")
_CREDIT_SOURCES = Source("c", "Credit risk arises principally from the Bank's lending to retail and business customers and, "
                              "to a lesser extent, from its holdings of debt securities and derivative exposures.")
_PART_TIME = Source("q", "Part-time Employees shall be paid at their basic rate for additional hours until their hours "
                         "exceed the normal working week.")
_ESCALATION = Source("e", "Recommendation 3: Ward leadership to review the escalation process where staffing falls below "
                          "80% of planned levels.")
_OUTAGE_CREDIT = Source("o", "Customers on pay-monthly plans will receive an automatic credit of two days' line rental; "
                             "pay-as-you-go customers will receive 10 GB of free data, valid for 14 days, on request.")
_LOANED = Source("l", "Impairment charges of £3.2 million were recognised in respect of two players whose prospects had "
                      "diminished, one of whom was subsequently loaned to another club.")
_CANDIDATE = Source("a", "Further observations scheduled for the next cycle should confirm or rule out this candidate.")
_PREMIUM_GROWTH = Source("m", "We expect the rate of premium growth to moderate in the second half as motor rate increases "
                              "slow.")
_DECLARED_VALUE = Source("x", "Where the Customer has declared a higher value in writing and the Company has confirmed its "
                              "agreement in writing and the Customer has paid any additional charges, the declared value "
                              "shall replace the limits in clause 12.")
_CLAIM_NOTICE = Source("f", "Any claim against the Company must be notified in writing within 21 days of the date upon "
                            "which the Customer became aware of the event giving rise to the claim.")
_FRESHENING = Source("j", "The authors attribute the Irminger Sea freshening primarily to increased meltwater discharge and, "
                          "to a lesser extent, to changes in regional precipitation.")
_STEERING = Source("u", "Ravelstone will have final decision-making authority on global trial design, while Okabashi will "
                        "have final say on regulatory strategy within the Territory.")
_DELAY_VIEW = Source("y", "The Contractor's own fabrication problems with the roof trusses would in my view have delayed "
                          "completion by approximately 26 days had the design been issued on time.")
_EARLY_PENSION = Source("ep", "You may still take your pension from age 55 with the Employer's consent, but it will be "
                              "reduced for early payment.")
_TUITION = Source("tu", "Tuition fee income increased by 5.2% to £241.3 million, driven primarily by postgraduate taught "
                        "programmes; international student fee income grew by 2.9%.")
_GUIDANCE_RANGE = Source("gr", "The Company raised its full-year net sales guidance to $2.15 billion to $2.25 billion, from "
                               "$2.05 billion to $2.10 billion.")
_FLEET = Source("fl", "Our fleet consists of 9 geostationary satellites and 188 low Earth orbit (LEO) satellites.")
_TOP_CUSTOMERS = Source("tc", "Our three largest customers accounted for approximately 37% of our revenue in 2025, and our "
                              "largest customer, a state energy agency, accounted for 16%.")
_EXCLUSION_OPT = Source("eo", "It does not apply to index funds, to segregated mandates unless the client has opted in, or "
                              "to investments held through third-party funds where the Firm does not control security "
                              "selection.")
_HUB_CLOSURE = Source("hc", "The Board has decided to close the Reading depot in March 2026 and to consolidate its operations "
                            "into the Slough depot.")
_COUNCIL_VOTE = Source("cv", "The council voted to approve plans for 250 new homes on the site, subject to a legal agreement.")
_SUBPROCESSORS = Source("sp", "The Recipient may disclose Shared Data to a Sub-processor only with the prior written consent "
                              "of the Provider, and only where the Sub-processor is bound by written obligations no less "
                              "protective than those in this Agreement.")
_PRIORITY = Source("pr", "During periods of congestion, we may prioritise traffic from customers on Unlimited Max over "
                         "Kestrel Unlimited customers.")
_REGIONAL_INDEX = Source("ri", "The Compliance Risk Index (CRI) for the region was 2.37. Northmere Water accounted for 64% of "
                               "the regional CRI score.")
_IMPAIRMENT = Source("im", "The impairment charge was £64 million, equivalent to a cost of risk of 17 basis points, with the "
                           "increase largely driven by the unsecured consumer lending portfolio.")
_CANCELLATION = Source("ca", "If the Customer terminates before energisation, it shall pay the Company's costs incurred to "
                             "the date of termination, capped at the Cancellation Charge set out in Schedule 2.")
_GLACIER_LOSS = Source("gl", "Over the study period the glacier lost 48 ± 7 Gt of ice, of which we attribute approximately 61 "
                             "per cent to dynamic thinning and the remainder to surface mass balance anomalies.")
_SEPSIS_ACTION = Source("sa", "Introduce a pre-filled sepsis antibiotic pack in the Emergency Department by 31 March 2026.")
_PUBLICATION = Source("pu", "9.1 Subject to this Clause 9, each Party shall be free to publish the Results of the Project in "
                            "accordance with normal academic practice, provided that the Institute shall not publish any "
                            "Confidential Information of the Sponsor without the Sponsor's prior written consent.")
_DORMICE = Source("do", "Farms under active hedgerow management retained hazel dormice at a higher rate (71%) than unmanaged "
                        "farms (52%), but because management is not randomly assigned, this difference cannot be "
                        "attributed to management alone.")
_BREACH_REVIEW = Source("br", "We have found no evidence that the threat actor accessed our production systems or customer "
                              "data.")
_PRICE_CAP = Source("pc", "From 1 April to 30 June 2026, the cap for a typical dual fuel household paying by Direct Debit "
                          "is £1,694 a year.")
_REDEMPTION = Source("rd", "Redemption proceeds will normally be paid within four (4) Business Days after the relevant "
                           "Dealing Day.")
_FARES = Source("fa", "Councillor Rees, chair of the Committee, said the decision was 'difficult but necessary' and that "
                      "the Council would review fares again in spring 2026 if the Government confirmed replacement "
                      "funding.")
_GROUNDS = Source("gd", "We are satisfied that the first ground is made out. The judge did not refer to the expert's report "
                       "anywhere in the decision.")
_SCREENING = Source("sc", "The practice's uptake of cervical screening was 79%, which was above the previous year's figure but "
                          "below the national target of 80%.")
_SEASON_SHARE = Source("ss", "The second half is historically the more significant trading period, with the summer holidays "
                             "and Halloween events typically accounting for around 55% of annual profit.")
_ROLLBACK = Source("rb", "The change was rolled back at 05:52, and service was fully restored to all affected customers by "
                         "08:15.")


@pytest.mark.parametrize("quote, source, accepted", [
    # what is still to be shown, told as shown
    ("A U-Pb zircon date of 412 ± 5 Ma was obtained from a single sample, confirming the age of the stock as a whole.",
     _ZIRCON, False),
    ("One sample gave a U-Pb zircon date of 412 ± 5 Ma, but more dating is required to confirm the age of the stock as a "
     "whole.", _ZIRCON, True),
    # what is alleged told as admitted; expected told as confirmed; agreed in principle told as done
    ("The company has admitted that recruitment was halted at nine of the study's sites after the March 2021 inspection.",
     _VELTRION_SUIT, False),
    ("The plaintiffs allege that recruitment was halted at nine of the study's sites after a March 2021 inspection.",
     _VELTRION_SUIT, True),
    ("The Company has confirmed that topline data from the fully enrolled KESTREL-3 study will come in the second half "
     "of 2026.", _TOPLINE, False),
    ("The Ministry has completed the restructuring of its US$4.8 billion of external bonds with the bondholders' "
     "committee.", _RESTRUCTURE, False),
    # a cause told before "which is why"
    ("The edge protection system had not been delivered to site, which is why it was not used on the north face.",
     _GUARDRAIL, False),
    # a time limit run from the other limit's event
    ("Operators have 48 hours from classifying an incident as serious to submit the initial report.", _INCIDENT_REPORTING,
     False),
    ("Operators must submit the initial report within 48 hours from becoming aware of the incident.",
     _INCIDENT_REPORTING, True),
    # a fraction for another
    ("The increase came mainly from votes against directors at companies whose boards were less than half independent.",
     _INDEPENDENCE, False),
    # a multi-word defined term: the name it stands for
    ("The site supervisor had never been given Tamsin Building's induction on lifting operations.", _INDUCTION, True),
    # a date in digits whose order is plain
    ("At 31/08/2025 the total waiting list stood at 52,310 patients.", _WAITING_LIST, True),
    # cut before ", save in an emergency"
    ("Site inductions should be completed before any supervisor takes charge of a crane.", _SITE_INDUCTIONS, False),
    # "regardless of X" where the passage speaks of no such breadth
    ("Mesh repair reduced recurrence at 24 months compared with sutured repair, regardless of body-mass index.", _HERNIA,
     False),
    # a comparison the passage's own figures turn round
    ("Ravenholt grew faster than the Group's regional airports, with passenger numbers up 4.3%.", _PASSENGERS, False),
    ("Ravenholt's passenger numbers rose 4.3%, while the Group's regional airports grew by 8.7%.", _PASSENGERS, True),
    # one of two conditions after "subject to" left out
    ("The deal remains subject to the completion of definitive documentation.", _BOND_DEAL, False),
    # a right reserved told as what will happen
    ("If bidders remain tied, they will be invited to submit a best and final offer.", _TIE_BREAK, False),
    # the main and the lesser source of a risk swapped ("a lesser source")
    ("Credit risk arises mainly from the Bank's holdings of debt securities and derivative exposures, with lending to "
     "customers a lesser source.", _CREDIT_SOURCES, False),
    # the basic rate told as an overtime rate; a review told as already done
    ("Part-time staff are paid overtime rates for any hours they work beyond their contracted hours.", _PART_TIME, False),
    ("Ward leadership has already revised the escalation process for when staffing falls below 80% of planned levels.",
     _ESCALATION, False),
    # cut before ", on request."
    ("Customers on pay-monthly plans will receive an automatic credit of two days' line rental; pay-as-you-go customers "
     "will receive 10 GB of free data, valid for 14 days.", _OUTAGE_CREDIT, False),
    # "one of whom" told as "both of whom"; "confirm or rule out" told as "confirm"; growth told as picking up
    ("The £3.2 million impairment related to two players whose prospects had diminished, both of whom were later loaned "
     "out.", _LOANED, False),
    ("Further observations scheduled for the next cycle will confirm this candidate.", _CANDIDATE, False),
    ("Management expects premium growth to pick up in the second half as motor rate increases continue.",
     _PREMIUM_GROWTH, False),
    # one requirement of a condition left out; a limit run from the event, not from knowing of it
    ("Where the Customer has declared a higher value in writing and has paid any additional charges, the declared value "
     "shall replace the limits in clause 12.", _DECLARED_VALUE, False),
    ("Any claim against the Company must be notified in writing within 21 days of the date of the event giving rise to "
     "the claim.", _CLAIM_NOTICE, False),
    # the main of two causes told as the cause; an item of the other party's clause
    ("The study found that the Irminger Sea freshening was caused by meltwater discharge.", _FRESHENING, False),
    ("Ravelstone will have final decision-making authority on global trial design and on regulatory strategy within the "
     "Territory.", _STEERING, False),
    # a counterfactual with an aside in it, told as fact
    ("The expert concluded that the Contractor's roof truss fabrication problems actually delayed completion by 26 days.",
     _DELAY_VIEW, False),
    # a consent left out; another main driver
    ("You may still take your pension from age 55, but it will be reduced for early payment.", _EARLY_PENSION, False),
    ("Tuition fee income rose 5.2% to £241.3 million, driven primarily by growth in international student fees.",
     _TUITION, False),
    # two figures that trade the words after them; a share given to what the passage gives another share to
    ("Our fleet consists of 9 low Earth orbit (LEO) satellites and 188 geostationary satellites.", _FLEET, False),
    ("Its largest customer, a state energy agency, accounted for about 37% of 2025 revenue.", _TOP_CUSTOMERS, False),
    ("Its three largest customers together accounted for about 37% of 2025 revenue.", _TOP_CUSTOMERS, True),
    # opting out for opting in; a decision told as done ("voted to approve" is the approval)
    ("Segregated mandates are covered by the exclusions unless the client chooses to opt out.", _EXCLUSION_OPT, False),
    ("Corvid has closed its Reading depot and merged its operations into the Slough depot.", _HUB_CLOSURE, False),
    ("Corvid's board has decided to close the Reading depot in March 2026 and fold its operations into Slough.",
     _HUB_CLOSURE, True),
    ("The council approved 250 new homes on the site, subject to a legal agreement.", _COUNCIL_VOTE, True),
    # a consent left out, the quote naming "the Agreement"; two things ranked with "over" turned round; a share of
    # another whole
    ("The Recipient can pass the data to sub-processors as long as they are bound by obligations no less protective "
     "than those in the Agreement.", _SUBPROCESSORS, False),
    ("During periods of congestion, we may prioritise traffic from customers on Kestrel Unlimited over Unlimited Max "
     "customers.", _PRIORITY, False),
    ("Northmere Water was responsible for 64% of the failed tests in the region.", _REGIONAL_INDEX, False),
    # another main cause with one word alike; a fragment cut before ", capped at"; the larger share told as the
    # smaller; a recommendation told as done
    ("The impairment charge rose to £64 million, mainly because of higher charges on the mortgage portfolio.",
     _IMPAIRMENT, False),
    ("If the Customer terminates before energisation, it shall pay the Company's costs incurred to the date of "
     "termination.", _CANCELLATION, False),
    ("Most of the glacier's 48 Gt loss came from surface mass balance anomalies, with dynamic thinning making up the "
     "rest.", _GLACIER_LOSS, False),
    ("Most of the glacier's 48 Gt loss came from dynamic thinning, with surface mass balance anomalies making up the "
     "rest.", _GLACIER_LOSS, True),
    ("A pre-filled sepsis antibiotic pack has been introduced in the Emergency Department.", _SEPSIS_ACTION, False),
    # one party for each; a caveat on cause dropped; no evidence told as confirmed; a typical figure told as the most
    # anyone pays; "normally" told as guaranteed; a review told as a cut
    ("Subject to this Clause 9, the Institute shall be free to publish the Results of the Project in accordance with "
     "normal academic practice, provided that it shall not publish any Confidential Information of the Sponsor without "
     "the Sponsor's prior consent.", _PUBLICATION, False),
    ("The survey found that hedgerow management keeps hazel dormice on farms, with managed farms retaining them at 71% "
     "against 52% for unmanaged farms.", _DORMICE, False),
    ("Corvane has confirmed that no customer data was accessed in the incident.", _BREACH_REVIEW, False),
    ("The cap for April to June 2026 is £1,694 a year, which is the most any dual fuel household paying by Direct Debit "
     "will pay.", _PRICE_CAP, False),
    ("Investors are guaranteed to receive their redemption proceeds within four Business Days of the Dealing Day.",
     _REDEMPTION, False),
    ("Councillor Rees said the Council would cut fares in spring 2026 if the Government confirmed replacement funding.",
     _FARES, False),
    # both told for the first; a target missed told as met; a share of profit told as a share of revenue
    ("We are satisfied that both grounds are made out.", _GROUNDS, False),
    ("The practice's cervical screening uptake met the national 80% target.", _SCREENING, False),
    ("The practice's cervical screening uptake, at 79%, was below the national target of 80%.", _SCREENING, True),
    ("The summer holidays and Halloween events usually account for around 55% of the group's annual revenue.",
     _SEASON_SHARE, False),
    # faithful: a range with its sign at both ends; times of day
    ("The Company raised its full-year net sales guidance to $2.15–$2.25 billion, up from $2.05–$2.10 billion.",
     _GUIDANCE_RANGE, True),
    ("The change was reversed at 05:52 and all affected customers had full service back by 08:15.", _ROLLBACK, True),
])
def test_the_58th_stop_s_rules(quote: str, source: Source, accepted: bool) -> None:
    _assert_passed(quote, source, accepted)


_EXCEPTION_PAIR = Source("ex", "Serious misconduct includes the fabrication of records. A member will not be removed from "
                               "the register for a first breach unless the breach involved fraud or dishonesty.")
_REBATE = Source("rb", "The volume discount will not apply to orders below 500 units, and will be paid annually in arrears "
                       "rather than deducted from each invoice.")
_HEADWINDS = Source("hw", "The Company expects wage inflation of about £12 million next year, which it plans to offset in part "
                          "through procurement savings.")
_SEEPAGE = Source("sp", "Groundwater records were too sparse for a formal analysis, and we therefore cannot exclude that "
                        "seepage from the canal contributed to the subsidence.")
_OUTAGE_INQUIRY = Source("oi", "Power was restored within four hours, and the operator is investigating whether a relay was "
                               "left in test mode after the maintenance visit.")
_LEGAL_ADVICE = Source("la", "Each Shareholder acknowledges that it has had the opportunity to obtain independent legal advice "
                             "on the terms of this Deed.")
_CAPEX_SPLIT = Source("cs", "Capital expenditure was £74 million, of which £21 million related to the new distribution centre "
                            "at Corby.")
_DIRECTIVE = Source("dv", "Replacement of the actuator with part number 2207-B constitutes terminating action for the "
                          "repetitive inspections required by paragraph (3) of this Directive.")
_NOTICE_WHERE = Source("nw", "The Purchaser shall give the Vendor as much notice of any claim as possible and, in any event, not "
                             "less than ten Business Days' notice where practicable.")
_SETTLEMENT = Source("st", "The fine would have been £3,400,000 but was reduced by 30% because Calderway agreed to settle the "
                           "case at an early stage.")
_RIVER_CAUSES = Source("rc", "We attribute the rise in nitrate mainly to fertiliser run-off from arable land, with sewage "
                             "overflows as a secondary contributor.")
_DEMURRAGE = Source("dm", "Notice of any claim must be given within seven (7) Business Days after the Charterer becomes aware "
                          "of the delay.")
_HYPOTHETICAL = Source("hy", "Had we found the omission deliberate, we would in any event have regarded the 20% reduction for "
                             "cooperation as too generous.")
_PRICE_BASKET = Source("pb", "For business lines outside the capital, we are imposing a CPI-1.5% basket control on data "
                             "circuits at speeds up to and including 10 Gbit/s.")
_HEADROOM = Source("hr", "The recoverable amount exceeds the carrying amount by £40 million; an increase in the discount rate "
                         "of 0.8 percentage points would, in isolation, eliminate this headroom.")
_REPAIR_FEES = Source("rf", "The inspector's fees shall be paid as the inspector directs or, failing any direction, by the "
                            "Tenant.")
_FIXTURES = Source("fx", "In assessing the rent the valuer shall disregard any fixture installed by the Tenant with the "
                         "Landlord's consent, otherwise than under an obligation to the Landlord.")
_PRIOR_KNOWLEDGE = Source("pk", "Confidential Information excludes information that (a) is public, or (b) was known to the "
                                "Recipient before the Effective Date, as evidenced by its written records.")
_HOLIDAY_PAY = Source("hp", "The employer shall pay the claimant £2,180.40, being unpaid holiday pay for the period 3 August "
                            "2021 to 30 April 2023.")
_UPTIME = Source("up", "A credit of 10% applies where availability is below 99.9% but equal to or greater than 99.0%; "
                       "otherwise 25% applies.")


@pytest.mark.parametrize("quote, source, accepted", [
    # an item added to a pair; a set-aside alternative told as what holds, a negation in another clause; in part told
    # as in full; what cannot be ruled out, or is still being looked into, told as found
    ("A member will not be removed from the register for a first breach unless the breach involved fraud, dishonesty or "
     "the fabrication of records.", _EXCEPTION_PAIR, False),
    ("The volume discount will not apply to orders below 500 units, and will be deducted from each invoice.", _REBATE,
     False),
    ("The volume discount will not apply to orders under 500 units and will be paid annually in arrears rather than "
     "deducted from each invoice.", _REBATE, True),
    ("The Company expects about £12 million of wage inflation next year, which procurement savings will fully offset.",
     _HEADWINDS, False),
    ("The Company expects about £12 million of wage inflation next year, which it plans to partly offset through "
     "procurement savings.", _HEADWINDS, True),
    ("The Company expects about £12 million of wage inflation next year, which it plans to partly mitigate through "
     "procurement savings.", Source("hm", "The Company expects wage inflation of about £12 million next year, which it "
                                          "plans to mitigate in part through procurement savings."), True),
    ("The study found that seepage from the canal contributed to the subsidence.", _SEEPAGE, False),
    ("The authors could not rule out that seepage from the canal contributed to the subsidence.", _SEEPAGE, True),
    ("The investigation found that a relay was left in test mode after the maintenance visit.", _OUTAGE_INQUIRY, False),
    ("The operator is investigating whether a relay was left in test mode after the maintenance visit.",
     _OUTAGE_INQUIRY, True),
    # a chance told as done; the whole's figure given to the part; a part of the document told as all of it; a duty
    # where practicable told as a duty
    ("Each Shareholder confirms that it obtained independent legal advice on the terms of the Deed.", _LEGAL_ADVICE,
     False),
    ("Each Shareholder acknowledges it had the chance to get independent legal advice on the Deed's terms.",
     _LEGAL_ADVICE, True),
    ("The new Corby distribution centre, a £74 million investment, ...", _CAPEX_SPLIT, False),
    ("Capital expenditure of £74 million included £21 million for the new distribution centre at Corby.", _CAPEX_SPLIT,
     True),
    ("Replacement of the actuator with part number 2207-B constitutes terminating action for the inspections required "
     "by this Directive.", _DIRECTIVE, False),
    ("The Purchaser shall give the Vendor not less than ten Business Days' notice of any claim.", _NOTICE_WHERE, False),
    ("The Purchaser shall give the Vendor at least ten Business Days' notice of any claim where practicable.",
     _NOTICE_WHERE, True),
    # another cause by the same party; the lesser cause told as the main one; business days told as days; a condition
    # told by its inverted "had", told as done; all told for what is bounded; any change for a change of a size
    ("The fine would have been £3,400,000 but was reduced by 30% because Calderway reported the breach itself.",
     _SETTLEMENT, False),
    ("The fine was reduced by 30% from £3,400,000 because Calderway agreed to settle the case early.", _SETTLEMENT,
     True),
    ("We attribute the rise in nitrate mainly to sewage overflows, with fertiliser run-off from arable land as a "
     "secondary contributor.", _RIVER_CAUSES, False),
    ("The Charterer must notify any claim “within seven (7) days of the delay”.", _DEMURRAGE, False),
    ("The Charterer has seven working days from becoming aware of the delay to give notice of any claim.", _DEMURRAGE,
     True),
    ("The panel found the omission deliberate, so the 20% reduction for cooperation was too generous.", _HYPOTHETICAL,
     False),
    ("For business lines outside the capital, data circuits at all speeds will be subject to a CPI-1.5% basket control.",
     _PRICE_BASKET, False),
    ("Any increase in the discount rate would eliminate the headroom.", _HEADROOM, False),
    ("An increase in the discount rate of 0.8 percentage points would, on its own, wipe out the headroom.", _HEADROOM,
     True),
    # a fallback left out by an ellipsis; a fragment cut before a landlord's consent or before its evidence; dates in
    # digits the source writes in words, and a figure the source writes with a decimal place
    ("The inspector's fees shall be paid ... by the Tenant.", _REPAIR_FEES, False),
    ("In assessing the rent the valuer shall disregard any fixture installed by the Tenant", _FIXTURES, False),
    ("(b) was known to the Recipient before the Effective Date", _PRIOR_KNOWLEDGE, False),
    ("The employer shall pay the claimant £2,180.40, being unpaid holiday pay for the period 03/08/2021 to 30/04/2023.",
     _HOLIDAY_PAY, True),
    ("The employer shall pay the claimant £2,180.40, being unpaid holiday pay for the period 04/08/2021 to 30/04/2023.",
     _HOLIDAY_PAY, False),
    ("A credit of 10% applies where availability is below 99.9% but equal to or greater than 99%", _UPTIME, True),
])
def test_the_59th_stop_s_rules(quote: str, source: Source, accepted: bool) -> None:
    _assert_passed(quote, source, accepted)


@pytest.mark.parametrize("quote, passage, said", [
    # what the rules of the 59th stop name, read by the meaning guard alone (the verifier's other checks catch some
    # of these forms by other words)
    ("The loyalty rebate will not apply to accounts of less than £10,000 a year, and will be deducted at the time of "
     "invoicing.", "The loyalty rebate will not apply to accounts of less than £10,000 a year, and will be credited "
     "quarterly in arrears rather than deducted at the time of invoicing.", "rather than deducted"),
    ("The Company expects about £12 million of wage inflation next year, which procurement savings are expected to "
     "fully offset.", "The Company expects wage inflation of about £12 million next year, which it intends to mitigate "
     "in part through procurement savings.", "mitigate in part"),
    ("The study found that seepage from the canal contributed to the subsidence.", "Rainfall could not be measured "
     "reliably because of gaps in the record, and we therefore cannot exclude that seepage from the canal contributed "
     "to the subsidence.", "cannot exclude"),
    ("The fine would have been £3,400,000 but was reduced by 30% because Calderway self-reported the breach.",
     "The fine would have been £3,400,000 but was reduced by 30% because Calderway agreed to settle the case.",
     "selfreported the breach"),
    ("We attribute the rise in nitrate mainly to sewage overflows, with fertiliser run-off from arable land as a "
     "secondary contributor.", "We attribute the rise in nitrate mainly to fertiliser run-off from arable land, with "
     "sewage overflows as a secondary contributor.", "fertiliser runoff arable land … sewage overflows"),
])
def test_the_59th_stop_s_meaning_rules(quote: str, passage: str, said: str) -> None:
    from quote_guard.meaning import meaning_differences

    found = meaning_differences(quote, passage)
    assert found and said in (found[0].source_text, found[0].quote_text), found


_NOT_COVERED = Source("nc", "Hotels and transfers not booked with Meridian Travel are not covered, and we are unable to "
                            "refund any costs you incur in changing them.")
_ORDER_BOOK = Source("ob", "The order book at 31 March 2025 stood at £1.34 billion (31 March 2024: £1.52 billion), covering "
                           "3,110 homes.")
_SPREADS = Source("sd", "We remain underweight credit, where spreads are close to their tightest levels since 2008 and do not "
                        "compensate for rising defaults.")
_MILESTONES = Source("ms", "If the operator fails to meet any milestone in the Order, the regulator will consider whether to "
                           "impose a penalty, which may take account of the contravention found in this decision.")
_RESERVES = Source("rs", "During 2024, favourable reserve development of £61 million was recognised, principally in the "
                         "household and commercial motor lines, partly offset by adverse development of £18 million in the "
                         "marine portfolio arising from larger than expected cargo claims.")
_PIPELINES = Source("pl", "Of the provision, £510 million relates to pipelines, where the majority of spending is not expected "
                          "before 2040.")
_REFERRAL = Source("rr", "The review did not find that the late referral caused the injury, but could not rule out that an "
                         "earlier referral would have prevented it.")
_STATEMENT = Source("sm", "The Statement shall be final save in the case of manifest error or where the Buyer has disputed it "
                          "in writing within 30 days.")
_PUNCTUALITY = Source("pu", "Condition 4 requires the operator to run its services so as to meet the punctuality targets in its "
                            "Plan, so far as reasonably practicable.")
_HANDSET = Source("hs", "We will delete any data left on the handset, but we are not responsible for any data you fail to back "
                        "up, save to the extent that the loss arises from our negligence.")
_LIBRARY_FEE = Source("lf", "A late fee of £0.40 applies to each overdue item.")
_RENT_DAY = Source("rd", "Rent is due on the fifth (5th) Business Day of each month.")
_OUR_ESTIMATE = Source("oe", "Our estimate is 12% lower than the most recent gravimetry-only assessment, a difference we "
                             "ascribe largely to the treatment of glacial isostatic adjustment.")


@pytest.mark.parametrize("quote, source, accepted", [
    # two negations dropped, the count still even; a fall told as a rise on the year; close to a record told as at it;
    # what a regulator will consider told as what it will do; the offset told as the main source; "the majority ...
    # not" told as "no"; what reviewers could not rule out told as what inspectors concluded
    ("Hotels and transfers not booked with Meridian Travel are covered, and we will refund any reasonable costs you incur "
     "in changing them.", _NOT_COVERED, False),
    ("The order book was worth £1.34 billion at 31 March 2025, which is higher than a year earlier.", _ORDER_BOOK, False),
    ("The order book was worth £1.34 billion at 31 March 2025, lower than a year earlier.", _ORDER_BOOK, True),
    ("The fund is underweight credit because spreads are at their tightest levels since 2008 and do not compensate for "
     "rising defaults.", _SPREADS, False),
    ("If the operator misses any milestone in the Order, the regulator will impose a penalty that takes account of the "
     "breach found in this decision.", _MILESTONES, False),
    ("The £61 million of favourable reserve development in 2024 came mainly from the marine portfolio.", _RESERVES, False),
    ("The fund's £61 million of favourable development came mainly from the household and commercial motor lines.",
     _RESERVES, True),
    ("Of the provision, £510 million relates to pipelines, where no spending is expected before 2040.", _PIPELINES, False),
    ("Inspectors concluded that an earlier referral would have prevented the injury.", _REFERRAL, False),
    # a second exception after the one a fragment closes on; "so far as reasonably practicable" and "save to the extent"
    # after a fragment; pence for pounds; "the fifth (5th)" quoted as "the 5th"
    ("The Statement shall be final save in the case of manifest error.", _STATEMENT, False),
    ("Condition 4 requires the operator to run its services so as to meet the punctuality targets in its Plan.",
     _PUNCTUALITY, False),
    ("We will delete any data left on the handset, but we are not responsible for any data you fail to back up",
     _HANDSET, False),
    ("A late fee of 40p applies to each overdue item.", _LIBRARY_FEE, True),
    ("A late fee of 50p applies to each overdue item.", _LIBRARY_FEE, False),
    ("Rent is due on the 5th Business Day of each month.", _RENT_DAY, True),
    # the writers named in the third person report their own "our"; without the name, "their" is another party's
    ("The authors largely put the gap down to how glacial isostatic adjustment is treated: their estimate is 12% lower "
     "than the latest gravimetry-only assessment.", _OUR_ESTIMATE, True),
    ("Their estimate is 12% lower than the most recent gravimetry-only assessment.", _OUR_ESTIMATE, False),
])
def test_the_59th_stop_s_second_rules(quote: str, source: Source, accepted: bool) -> None:
    _assert_passed(quote, source, accepted)


_REMINDERS = Source("tr", "Text-message reminders for patients over 65 may be warranted, but their effect should be tested in a "
                          "randomised trial before wider use.")
_CMA_OUTCOME = Source("cm", "The outcome could have a material adverse effect on the Company's results in the year in which it "
                            "concludes.")
_HALF_YEAR = Source("hy", "Harcourt plc today reported revenue of £2.31 billion for the first half of 2024, up 4% on a reported "
                          "basis and 7% at constant exchange rates.")
_TRIAGE_APP = Source("ta", "The surgery introduced an online triage app in March 2024, but it was too early to assess its effect "
                           "on waiting times.")


@pytest.mark.parametrize("quote, source, accepted", [
    # what "may be warranted" told as recommended; what "could" happen told as expected; a growth rate at constant
    # exchange rates told as plain growth; an effect the passage says it is too early to assess told as achieved
    ("The authors recommend offering text-message reminders to patients over 65.", _REMINDERS, False),
    ("The Company expects the CMA inquiry to have a material adverse effect on its results in the year it concludes.",
     _CMA_OUTCOME, False),
    ("Harcourt's revenue rose 7% in the first half of 2024 to £2.31 billion.", _HALF_YEAR, False),
    ("Harcourt's revenue rose 7% at constant currency in the first half of 2024, to £2.31 billion.", _HALF_YEAR, True),
    ("The triage app the surgery introduced in March 2024 has reduced waiting times for appointments.", _TRIAGE_APP,
     False),
    ("The surgery introduced an online triage app in March 2024.", _TRIAGE_APP, True),
])
def test_the_59th_stop_s_third_rules(quote: str, source: Source, accepted: bool) -> None:
    _assert_passed(quote, source, accepted)


_STATIN_RESULT = Source("st", "Interpretation: We found no evidence of an overall effect of rosuvastatin 10 mg on joint pain compared "
                              "with placebo in patients who had reported such pain before.")
_BIRD_SPECIES = Source("sp", "After four years, bird species richness on the restored heath was comparable to that of the reference "
                        "site, although nesting density remained about a third lower.")
_COATINGS = Source("ol", "Volumes in the Coatings division fell 9%, reflecting destocking by distributors, which the Board had "
                        "previously expected to ease in the fourth quarter.")
_DIVIDEND_REVIEW = Source("dr", "The Board expects to remain within its covenants but will consider the level of the final "
                                "dividend in light of trading when it announces results on 6 March 2025.")
_READINGS = Source("rd", "Once the smart meter is fitted, we will read it remotely; you will no longer need to send us readings "
                         "yourself, although you may continue to do so.")
_RETENTION = Source("rt", "The retention of profits to fund the Company's expansion was a proper commercial decision, and no "
                          "director received any payment that was not also available to the petitioner.")
_SOLD_SHARE = Source("ss", "Dissolved oxygen at the weir fell below the 6 mg/L standard in 38% of daily readings over the summer.")
_ASTHMA = Source("as", "In adults with severe asthma and a blood eosinophil count of at least 300 cells per μL, benralimab "
                       "reduced exacerbations by 48% compared with placebo.")
_RESERVE_RATE = Source("rr", "The Board reviews the transfer rate each year and may reduce it, but not below 3%, where the reserve "
                             "exceeds 140% of the modelled loss.")
_MORTGAGES = Source("mg", "Subject to the mortgage market remaining stable, the Board expects full-year completions of between "
                          "3,100 and 3,300 homes.")
_SCHOOL_DAYS = Source("sd", "A pupil may be suspended for one or more fixed periods up to a maximum of 30 school days in a single "
                            "academic year.")
_FEE_WAIVER = Source("fw", "The manager will waive its annual management charge of 0.65% from the date of suspension until "
                           "dealing resumes.")
_TRIAL_DESIGN = Source("td", "In this open-label, cluster-randomised trial in 60 practices, 2,400 adults were assigned by practice "
                             "to the polypill or to usual care.")
_APPEAL = Source("ap", "This is an appeal by Harrowgate Staffing Ltd against the order of HHJ Marlow dated 3 March 2024, by which "
                       "he refused an injunction against its former director, Mr Owen Pryce.")
_LTV = Source("lt", "Its loan-to-value ratio was 31%, within the Board's target range of 25% to 35%.")
_PETITION = Source("pe", "This is a petition under section 994 of the Companies Act 2006 by Mr Tariq Hale, who holds 25% of the "
                         "shares.")
_FINE_NOTICE = Source("fn", 'The Authority imposes on Elmbridge Advisers Limited ("Elmbridge" or the "Firm") a penalty of £1,204,000. '
                            "To date the Firm has paid redress of £2.1 million to 96 clients.")


@pytest.mark.parametrize("quote, source, accepted", [
    # an absence of evidence told as evidence of absence; a likeness told as a difference; an expectation of the past
    # told as held now; what the board will consider told as decided; what one need not do told as what one may not
    ("The trial showed that rosuvastatin 10 mg has no effect on joint pain compared with placebo.", _STATIN_RESULT,
     False),
    ("The trial found no evidence that rosuvastatin 10 mg affects joint pain compared with placebo.", _STATIN_RESULT,
     True),
    ("After four years the restored heath supported more bird species than the reference site.", _BIRD_SPECIES, False),
    ("Coatings volumes fell 9% because of distributor destocking, which the Board expects to ease in the fourth "
     "quarter.", _COATINGS, False),
    ("The Board has decided to cut the final dividend in light of trading, with details on 6 March 2025.",
     _DIVIDEND_REVIEW, False),
    ("Once the smart meter is fitted, you can no longer send your own readings.", _READINGS, False),
    ("Once the smart meter is fitted, you no longer have to send readings, though you still may.", _READINGS, True),
    # a cause appended with "given"; a minority told as most; a threshold dropped from the middle; a fragment cut
    # before a condition on a figure, or after a condition of fact its sentence opens with
    ("The retention of profits to fund the Company's expansion was a proper commercial decision, given the Company's "
     "rising interest costs.", _RETENTION, False),
    ("Dissolved oxygen at the weir was below the 6 mg/L standard in the majority of daily readings.", _SOLD_SHARE,
     False),
    ("“In adults with severe asthma, benralimab reduced exacerbations by 48% compared with placebo.”", _ASTHMA, False),
    ("The Board reviews the transfer rate each year and may reduce it, but not below 3%.", _RESERVE_RATE, False),
    ("the Board expects full-year completions of between 3,100 and 3,300 homes.", _MORTGAGES, False),
    # a limit over a year told as one per occasion; a charge waived told as cut; a trial's design changed; a party of
    # the passage put in another's place
    ("Pupils can be suspended for up to 30 school days at a time.", _SCHOOL_DAYS, False),
    ("The manager is cutting its annual management charge of 0.65% while dealing is suspended.", _FEE_WAIVER, False),
    ("In this double-blind, individually randomised trial in 60 practices, 2,400 adults were assigned to the polypill "
     "or to usual care.", _TRIAL_DESIGN, False),
    ("This is an appeal by Mr Owen Pryce against the order of HHJ Marlow dated 3 March 2024", _APPEAL, False),
    # faithful: a range of percentages with a dash; a provision's name shortened; a date in digits in the source's
    # order; one party named by the second of its two defined names
    ("Its loan-to-value ratio was 31%, inside the Board's 25%–35% target range.", _LTV, True),
    ("This is a petition under s.994 of the Companies Act 2006 by Mr Tariq Hale, who holds 25% of the shares.",
     _PETITION, True),
    ("To date Elmbridge has paid redress of £2.1 million to 96 clients.", _FINE_NOTICE, True),
])
def test_the_60th_stop_s_rules(quote: str, source: Source, accepted: bool) -> None:
    _assert_passed(quote, source, accepted)


_TILLAGE = Source("tl", "Because cores were taken to a depth of 30 cm, we cannot exclude redistribution of carbon from deeper "
                        "layers under reduced tillage.")
_SOLE_REMEDIES = Source("sr", "7.5 The remedies in Clause 7.3 are the Supplier's sole and exclusive remedies for a failure to "
                              "meet the Minimum Purchase Requirement.")
_TRADING = Source("tr", "Group sales for the quarter were £2.07 billion, up 3.9% on the prior year.")
_DISCHARGE = Source("dc", "The company estimates the volume discharged at 380 m³ (range 290–470 m³), and the service charge "
                         "shall not exceed £9.25 per square foot of floor area.")
_PROVISION_USE = Source("pu", "At 31 December 2023 the remediation provision amounted to €310 million, of which €44 million is "
                              "expected to be utilised within one year.")


@pytest.mark.parametrize("quote, source, accepted", [
    # what the writers cannot rule out told as ruled out; a remedy added to the only ones; an outflow expected told as
    # made; figures given a status the passage does not give them
    ("The authors showed that the carbon gains under reduced tillage were not due to redistribution from deeper layers.",
     _TILLAGE, False),
    ("The authors could not rule out that carbon was redistributed from deeper layers under reduced tillage.", _TILLAGE,
     True),
    ("The Supplier can also claim damages on top of the Clause 7.3 remedies if the Minimum Purchase Requirement is "
     "missed.", _SOLE_REMEDIES, False),
    ("Of the €310 million provision, €44 million was used during 2023.", _PROVISION_USE, False),
    ("Of the €310 million remediation provision, €44 million is expected to be used within a year.", _PROVISION_USE,
     True),
    ("According to the Group's audited figures, sales for the quarter were £2.07 billion, up 3.9%.", _TRADING, False),
    # faithful: a unit of volume and one of area written out
    ("The company estimates the volume discharged at 380 cubic metres (range 290–470 cubic metres)", _DISCHARGE, True),
    ("the service charge shall not exceed £9.25 per sq ft of floor area.", _DISCHARGE, True),
    ("The company estimates the volume discharged at 380 square metres", _DISCHARGE, False),
])
def test_the_60th_stop_s_second_rules(quote: str, source: Source, accepted: bool) -> None:
    _assert_passed(quote, source, accepted)


_MEDICINES = Source("md", "4.5 Patients' own medicines may be used on the ward only after they have been checked by pharmacy staff "
                          "and found to be in date, in the original labelled container and suitable for use.")
_TENDER = Source("te", "Any tender offer will be subject to shareholder approval and to the Company having sufficient "
                       "distributable reserves.")
_COMPLETION = Source("cp", "On the issue of the Certificate of Practical Completion the Contractor's liability for liquidated "
                           "damages under clause 2.32 shall cease, save in respect of any Section not yet certified.")
_GAS_REPORT = Source("gr", "The Health and Safety Executive should consider whether the scope of the replacement programme should be "
                           "extended to include service pipes.")
_WATER_DECISION = Source("wd", "6. The Authority has not found that the contravention caused any breach of drinking water quality "
                               "standards.")
_CLOSURE_PLAN = Source("cl", "The increase was primarily due to the revised closure plan for the Tarrant pit submitted to the state "
                             "regulator in May 2024, which requires backfilling of the eastern pit.")
_REVIEW = Source("rv", "7.1 The Rent shall be reviewed on each Review Date and shall be the greater of (a) the Rent payable "
                       "immediately before that Review Date and (b) the Open Market Rent.")
_WARRANTY_CLAIMS = Source("rc", "The company said it is aware of three warranty claims but of no crashes or injuries related to the "
                       "condition.")
_MORALS = Source("mo", "(c) in the reasonable opinion of the Sponsor, brings the Athlete or the Sponsor into public disrepute.")
_BIRDS = Source("bi", "Most of the birds recorded at rotor height flew at night or in poor visibility, when the cameras could "
                      "not record them.")


@pytest.mark.parametrize("quote, source, accepted", [
    # a fragment that stops inside a condition the source goes on with; a fragment cut before "save in respect of"
    ("Patients' own medicines may be used on the ward only after they have been checked by pharmacy staff and found to "
     "be in date.", _MEDICINES, False),
    ("Any tender offer will be subject to shareholder approval.", _TENDER, False),
    ("the Contractor's liability for liquidated damages under clause 2.32 shall cease", _COMPLETION, False),
    # what someone should consider told as directed; no finding told as a finding the other way; a plan submitted told
    # as approved; an upward-only review told as going either way; a count of what the passage says there was none of;
    # a reasonable opinion told as one's own; night told as daylight
    ("The report directs the Health and Safety Executive to extend the replacement programme to service pipes.",
     _GAS_REPORT, False),
    ("The Authority concluded that the contravention did not cause any breach of drinking water quality standards.",
     _WATER_DECISION, False),
    ("The Authority did not find that the contravention caused any breach of drinking water standards.",
     _WATER_DECISION, True),
    ("The revised closure plan for the Tarrant pit, approved by the state regulator in May 2024, requires backfilling "
     "of the eastern pit.", _CLOSURE_PLAN, False),
    ("At each Review Date the rent becomes the Open Market Rent, whether that is higher or lower than the rent payable "
     "before.", _REVIEW, False),
    ("The company said it is aware of three crashes but of no injuries related to the condition.", _WARRANTY_CLAIMS, False),
    ("The Sponsor can act whenever, in its own opinion, the Athlete brings the Sponsor into public disrepute.", _MORALS,
     False),
    ("Most of the birds recorded at rotor height flew in daylight, when the cameras could record them.", _BIRDS, False),
])
def test_the_60th_stop_s_third_rules(quote: str, source: Source, accepted: bool) -> None:
    _assert_passed(quote, source, accepted)


_STOP_SEARCH = Source("ss", "3.3 The smell of cannabis alone will not normally justify a search; officers should look for "
                            "additional grounds.")
_HEDGE_BASIS = Source("hb", "The Matching Portfolio aims to hedge approximately 85% of the Scheme's interest rate exposure, "
                            "measured on the Technical Provisions basis.")
_OPTION_FEE = Source("of", "4.6 If the Option is not validly exercised within the Option Period, it shall lapse and the Grantor "
                           "shall retain the Option Fee of £120,000.")
_FIRE_AUDIT = Source("fa", "Date of inspection: 6 August 2024\nResponsible Person: Marlow Estates Ltd\n\n2. The automatic "
                           "opening vent failed to operate when tested. The Responsible Person stated that the vent had "
                           "been reported as faulty in March 2024.")
_QUARTER = Source("qu", "Output in the third quarter of 2024 was 61.4 million tonnes of ore, the ratio was 2.6 times, 30 of 88 "
                        "patients responded, spreads widened by 25 basis points and the target stayed at 2.85% to 2.95% "
                        "for the year.")


@pytest.mark.parametrize("quote, source, accepted", [
    # "X alone" told as X; another measurement basis; a fee retained told as returned
    ("Under the policy, officers may not search anyone on the basis of the smell of cannabis.", _STOP_SEARCH, False),
    ("The Matching Portfolio aims to hedge about 85% of the Scheme's interest rate exposure, measured on a buyout "
     "basis.", _HEDGE_BASIS, False),
    ("If the Option is not validly exercised within the Option Period, it lapses and the £120,000 Option Fee is "
     "returned to the Buyer.", _OPTION_FEE, False),
    # faithful: a party named for the role a heading gives it; a quarter, a count out of a total, a ratio, basis
    # points, tonnes and a range of percentages in their short forms
    ("Marlow Estates Ltd stated that the vent had been reported as faulty in March 2024.", _FIRE_AUDIT, True),
    ("Output in Q3 2024 was 61.4 Mt of ore, the ratio was 2.6x, 30/88 patients responded, spreads widened by 25 bps "
     "and the target stayed at 2.85–2.95% for the year.", _QUARTER, True),
    ("Output in Q2 2024 was 61.4 Mt of ore, the ratio was 2.6x, 30/88 patients responded, spreads widened by 25 bps "
     "and the target stayed at 2.85–2.95% for the year.", _QUARTER, False),
])
def test_the_60th_stop_s_fourth_rules(quote: str, source: Source, accepted: bool) -> None:
    _assert_passed(quote, source, accepted)


_GEARING = Source("ge", "Net debt at 31 March 2025 was £6.40 billion, representing gearing of 62.3% of RCV (2024: 59.8%).")
_PROBATE = Source("pb", "Costs will be dealt with on written submissions; my provisional view is that the costs of all parties "
                        "should be paid from the estate.")
_DISCHARGE_EDD = Source("ed", "3.1 Every adult inpatient must have an Expected Date of Discharge recorded within 24 hours of "
                              "admission, or within 12 hours for patients admitted via the Acute Medical Unit.")
_PHARMACY = Source("ph", "(3) The Trust to review whether weekend pharmacy screening can be extended to surgical wards, subject "
                         "to funding.")
_DEMAND = Source("dm", "The Board notes that demand for higher-ticket items remains subdued and may not recover before the end "
                       "of the financial year.")
_EXCLUSIONS = Source("ex", "We will not pay for (d) any Device that has been jailbroken or repaired by anyone other than us or an "
                           "Approved Repairer.")
_SCAFFOLDS = Source("sc", "The report recommends that principal contractors introduce a permit-to-alter system for all scaffolds "
                          "over 9 metres high.")
_FERRY_TIMES = Source("ft", "Redemption requests must be received no later than 12:00 noon on the Business Day falling five (5) "
                            "Business Days before the Dealing Day; the engine's efficiency reaches some 27-30% and the "
                            "industry makes up six to nine percent of output.")


@pytest.mark.parametrize("quote, source, accepted", [
    # a move told the other way between the passage's figures; a provisional view told as ordered; a fragment cut before
    # another time limit for some; what the Trust is to review told as what it is to do; "may not" told as "will not"; a
    # fragment cut before a second party excepted, or before a size that bounds "all"
    ("Gearing fell to 62.3% of RCV at 31 March 2025, down from 59.8% a year earlier.", _GEARING, False),
    ("Gearing rose to 62.3% of RCV at 31 March 2025, up from 59.8% a year earlier.", _GEARING, True),
    ("The court ordered that the costs of all parties be paid out of the estate.", _PROBATE, False),
    ("Every adult inpatient must have an Expected Date of Discharge recorded within 24 hours of admission.",
     _DISCHARGE_EDD, False),
    ("(3) The Trust to extend weekend pharmacy screening to surgical wards, subject to funding.", _PHARMACY, False),
    ("The Board says demand for higher-ticket items remains subdued and will not recover before the end of the "
     "financial year.", _DEMAND, False),
    ("any Device that has been jailbroken or repaired by anyone other than us", _EXCLUSIONS, False),
    ("The report recommends that principal contractors introduce a permit-to-alter system for all scaffolds",
     _SCAFFOLDS, False),
    # faithful: noon written both ways; a range of percentages with the sign once, and "six to nine percent" as "6–9%"
    ("Redemption requests must be received no later than 12 noon on the Business Day falling 5 Business Days before "
     "the Dealing Day", _FERRY_TIMES, True),
    ("the engine's efficiency reaches some 27-30 percent and the industry makes up 6–9% of output.", _FERRY_TIMES, True),
])
def test_the_60th_stop_s_fifth_rules(quote: str, source: Source, accepted: bool) -> None:
    _assert_passed(quote, source, accepted)


_SURVEY_DATES = Source("sd", "Summary. Between 3 March and 21 May 2023, inspectors visited 412 sites across the region.")
_QUARTER_SALE = Source("qs", "Segment review. In the third quarter of 2024, the segment sold its Dutch subsidiary for €84 million.")
_COPPER = Source("cu", "Production. Output for the year was 12.7 million tonnes of copper concentrate, up 4% on 2023.")
_INTEREST_AWARD = Source("aw", "In the result, the tribunal declined to award interest on the sum, and each party bears its own costs.")
_PUPILS = Source("pu", "Using the pure-control schools as a comparison, we estimate a reading gain of 0.08 SD among untreated "
                       "pupils in treated schools (p = 0.11). We regard this as suggestive only, and we do not adjust the "
                       "main estimates for it.")
_POOLED = Source("po", "Because of publication bias, the true effect is likely to be smaller than the pooled estimate of 0.52.")
_HEAT_DAYS = Source("hd", "B.3 Extreme heat days are virtually certain to become more frequent in the coastal zone under the "
                          "higher emissions scenarios.")
_LEVERAGE_TEST = Source("lt", "Under the adverse scenario, the Bank's leverage ratio would fall below 3.25% in the second year.")
_RESERVING = Source("rv", "Reserves are set using the chain-ladder method. For the three most recent underwriting years of "
                          "liability classes, greater weight is given to the expected loss ratio method.")
_REPLY = Source("rp", "The original investigators argued in their reply that the sample was too small; we note that the sample "
                      "size was agreed in advance.")
_LIBRARY = Source("lb", "In 1994 the council closed the branch library, a decision opposed by most residents at the time.")
_OCCUPANCY = Source("oc", "Year | Rooms | Occupancy\n2021 | 1,204 | 74.0%\n2022 | 1,240 | 81.5%\n2023 | 1,240 | 86.2%\n"
                          "2024 | 1,310 | 88.9%")
_REVOKE = Source("rk", "The Licensor may not revoke the licence for any reason other than those set out in Clause 7.2 and "
                       "Clause 12.4.")
_VALVES = Source("va", "The affected fleet numbers 12,400 buses, of which the operator estimates that 3% (about 370 buses) "
                       "carry the faulty valve.")
_BARRIER = Source("ba", "The modelling shows that the new barrier would not materially reduce flood risk downstream.")
_INSPECTIONS = Source("in", "Operators should expect compliance inspections of the new reporting rules to begin in the autumn "
                           "of 2025.")
_WETLANDS = Source("wl", "Restored wetlands in the catchment have reduced peak flood flows, but there is limited evidence that "
                         "they have improved water quality downstream.")
_DEFICIT = Source("df", "The 2026 budget targets a deficit of 3.1 percent of GDP. Staff considers this target achievable only "
                       "if the new carbon levy raises the budgeted 0.4 percent of GDP.")
_LEAD_TIME = Source("sg", "Incidence was higher in the screening group. Lead-time bias may account for part of the excess "
                         "incidence in the screening group.")
_SCOPE = Source("so", "1.1 This Policy applies to all students registered on taught programmes. It does not apply to "
                      "doctoral theses, which are governed by the Research Code.")
_WITHHOLD = Source("wh", "Save as provided in this clause 9.3 and clause 9.5, the Buyer shall not withhold or deduct any "
                        "amount from the notified sum.")
_PERMITS = Source("pm", "1.1 A visitor permit will be issued only to a person who lives within the Zone, or who can show "
                        "that they care for a resident of the Zone.")
_PASS_ON = Source("po", "We expect costs to rise in 2026, and we are not proposing to pass the full increase on to "
                        "customers through prices.")
_EXIT_FEES = Source("ef", "We will not charge exit fees if you switch from a fixed tariff in the last 42 days of the term.")
_DURABLES = Source("du", "There was no statistically significant effect on spending on durable goods other than on roofing "
                        "materials: the share of households with an iron-sheet roof rose by 6.8 percentage points.")
_PENSION = Source("pe", "Employees scheduled for 20 or more hours per week are eligible for the pension plan. Revenue in "
                        "Fiscal Year 2024 rose to $41.2 million.")


@pytest.mark.parametrize("quote, source, accepted", [
    # form: a range of dates with its year once; a quarter opening the quote; a unit written short closing it; a cut
    # quote between quotation marks; "20+" and "FY"
    ("Between 03/03/2023 and 21/05/2023, inspectors visited 412 sites across the region.", _SURVEY_DATES, True),
    ("Between 3 March 2022 and 21 May 2023, inspectors visited 412 sites across the region.", _SURVEY_DATES, False),
    ("In Q3 2024, the segment sold its Dutch subsidiary for €84 million.", _QUARTER_SALE, True),
    ("In Q2 2024, the segment sold its Dutch subsidiary for €84 million.", _QUARTER_SALE, False),
    ("Output for the year was 12.7 Mt", _COPPER, True),
    ("Output for the year was 17.2 Mt", _COPPER, False),
    ("“…the tribunal declined to award interest on the sum…”", _INTEREST_AWARD, True),
    ("Employees scheduled for 20+ hours per week are eligible for the pension plan.", _PENSION, True),
    ("Revenue in FY 2024 rose to $41.2 million.", _PENSION, True),
    # meaning: a restatement that tells the next sentence too; a hedge dropped beside a word both have; an exception
    # list cut; one party's reply given to the other; a decision opposed told as backed; a share told as "most of";
    # one negated verb for another
    ("Untreated pupils in treated schools gained 0.08 SD in reading, and the main estimates were adjusted to account "
     "for this.", _PUPILS, False),
    ("The true effect is smaller than the pooled estimate of 0.52.", _POOLED, False),
    ("The Licensor may not revoke the licence for any reason other than those set out in Clause 7.2", _REVOKE, False),
    ("In our reply, we argued that the sample was too small.", _REPLY, False),
    ("The original investigators argued in their reply that the sample was too small", _REPLY, True),
    ("The council closed the branch library in 1994 with the backing of most residents.", _LIBRARY, False),
    ("The operator estimates that most of the 12,400 buses carry the faulty valve.", _VALVES, False),
    ("The new barrier would reduce flood risk downstream, though it would not eliminate it.", _BARRIER, False),
    # "apart from" for "other than" or "no other": one exception, not a negation added
    ("Apart from roofing materials, there was no statistically significant effect on spending on durable goods.",
     _DURABLES, True),
    ("Apart from roofing materials, there was a statistically significant effect on spending on durable goods.",
     _DURABLES, False),
    # a part told as the whole; what the next sentence says the policy does not apply to, told as covered
    ("The authors say lead-time bias explains the excess incidence in the screening group.", _LEAD_TIME, False),
    ("The authors say lead-time bias may partly explain the excess incidence in the screening group.", _LEAD_TIME, True),
    ("The Policy applies to all students, including those submitting doctoral theses.", _SCOPE, False),
    # a condition of the next sentence dropped by a restatement of both
    ("Staff consider the 3.1 percent of GDP deficit target in the 2026 budget to be achievable.", _DEFICIT, False),
    # an expectation told as scheduled; what there is limited evidence of told as done
    ("The regulator has scheduled compliance inspections of the new reporting rules for the autumn of 2025.",
     _INSPECTIONS, False),
    ("Restored wetlands have reduced peak flood flows and have also improved water quality in the rivers downstream.",
     _WETLANDS, False),
    ("Restored wetlands in the catchment have cut peak flood flows.", _WETLANDS, True),
    # a cut after the exceptions a rule opens with, before the rest of those it is given to, before a time window; an
    # ellipsis that hides "full" under a negation
    ("…the Buyer shall not withhold or deduct any amount from the notified sum.", _WITHHOLD, False),
    ("“A visitor permit will be issued only to a person who lives within the Zone…”", _PERMITS, False),
    ("“…a visitor permit will be issued only to a person who lives within the Zone, or who can show that they care for "
     "a resident of the Zone.”", _PERMITS, True),
    ("we are not proposing to pass the … increase on to customers through prices", _PASS_ON, False),
    ("We will not charge exit fees if you switch from a fixed tariff", _EXIT_FEES, False),
    # a cut before or after the case a claim holds in: a scenario, the most recent years
    ("Extreme heat days are virtually certain to become more frequent in the coastal zone…", _HEAT_DAYS, False),
    ("…the Bank's leverage ratio would fall below 3.25% in the second year", _LEVERAGE_TEST, False),
    ("Reserves are set using the chain-ladder method ... greater weight is given to the expected loss ratio method",
     _RESERVING, False),
])
def test_the_61st_stop_s_rules(quote: str, source: Source, accepted: bool) -> None:
    _assert_passed(quote, source, accepted)


@pytest.mark.parametrize("quote, accepted", [
    # a figure of one row of a table given to another row's label
    ("Occupancy was lowest in 2021 at 74.0% and reached 88.9% in 2024.", True),
    ("Occupancy was lowest in 2022 at 74.0%, before climbing to 88.9% in 2024.", False),
])
def test_the_61st_stop_s_table_rows(quote: str, accepted: bool) -> None:
    _assert_passed(quote, _OCCUPANCY, accepted)
_CAP_62 = Source("cap", "What is the price cap? The price cap limits the unit rate and the daily standing charge "
                        "for customers on standard variable tariffs. It does not cap your total bill: if you use "
                        "more energy, you will pay more.")
_DRAG_62 = Source("dra", "12.6 If any Dragged Shareholder fails to complete the transfer of its Shares, the "
                         "Company shall be authorised to appoint any Director as its agent to execute the "
                         "transfer documents on its behalf.")
_CARRIAGE_62 = Source("car", "We may ask you to send the machine to us; if so, we will pay the cost of carriage "
                             "both ways within the UK mainland. Repairs are made within 10 working days.")
_LOAN_62 = Source("loa", "3. Light levels shall not exceed 50 lux. The Borrower shall report any deviation "
                         "lasting longer than 24 hours to the Lender within two working days. 4. Objects shall be "
                         "packed only by the courier.")
_BELIEF_62 = Source("bel", "Peat restoration of 115 ha is proposed, which the Applicant believes would result in "
                           "a net carbon gain over the life of the development.")
_DOUBT_62 = Source("dou", "These conditions indicate that a material uncertainty exists that may cast significant "
                          "doubt on the Group's ability to continue as a going concern. Our opinion is not "
                          "modified in respect of this matter.")
_ESTIMATE_62 = Source("est", "The Republic estimates that the restructuring would deliver debt service relief of "
                             "approximately US$3.1 billion during the programme period (2025–2028).")
_RATE_62 = Source("rat", "4.2 Late payments shall bear interest at 4% per annum above the European Central Bank "
                         "main refinancing rate.")
_LEVERAGE_62 = Source("lev", "The Group will continue to pursue bolt-on acquisitions, provided that they meet its "
                             "return threshold, and does not intend to allow leverage to exceed 1.5x EBITDA other "
                             "than temporarily.")
_REPURCHASE_62 = Source("rep", "7.3 On termination, the Supplier may (but shall not be obliged to) repurchase the "
                               "Distributor's stock of Products at the lower of cost and net realisable value.")
_MODEL_62 = Source("mod", "2.2 Modelling indicates that, if all measures are implemented in full, bed occupancy "
                          "could fall to approximately 93% and four-hour performance could reach 74% by January "
                          "2025.")
_FINDINGS_62 = Source("fin", "Our findings do not support the original claim that physical cleansing reduces the "
                             "severity of moral judgements, at least under the conditions tested here. The pooled "
                             "effect was close to zero.")
_BONDS_62 = Source("bon", "The Committee, whose members hold approximately 41% of the aggregate outstanding "
                          "principal amount of the Republic's US$6.8 billion of eligible external bonds, supports "
                          "the terms.")
_AUDIT_62 = Source("aud", "Materiality was discussed with the Audit Committee in March. We used revenue rather "
                          "than profit before tax as the benchmark because the Group was loss-making in the "
                          "period. Hartley Quinn LLP, Statutory Auditor, London")
_INSURER_62 = Source("ins", "4.1 Harrowgate Mutual Insurance plc (the \"Insurer\") will pay the Insured the "
                            "amount of the loss. 4.4 The Insurer shall not be liable for any loss arising after "
                            "the end of the Maximum Indemnity Period.")
_PAYMENT_62 = Source("pay", "4.2 Payment shall be made in euros within 45 days of the date of invoice. Late "
                            "payments bear interest.")
_HEARING_62 = Source("hea", "I heard evidence from both parents and from the Cafcass officer over two days on 14 "
                            "and 15 May 2024.")
_COMMITTEE_62 = Source("com", "We recommend that ticket office closures be paused until the Department has published "
                              "an equality impact assessment. Witnesses raised other concerns about staffing. "
                              "Recommendations: 1. The Department should publish a full business case, including "
                              "costs and benefits, within six months of this report.")
_PIVX_62 = Source("piv", "1.1 PivX hereby grants to Detto an exclusive license to distribute Qwik-Fix Pro within "
                         "North America, solely to end users.")
_TRIAL_62 = Source("tri", "Enrolment in the Phase 3 HORIZON trial of NX-417 was completed in August, with 1,640 "
                          "participants randomised.")
_GUIDE_62 = Source("gui", "1.3.2 Consider referral to hospital for people with a CRB-65 score of 1 or more, "
                          "particularly those with a score of 2 or more.")


@pytest.mark.parametrize("quote, source, accepted", [
    ("The price cap limits the unit rate and daily standing charge on standard variable tariffs; it is not a cap "
     "on the total bill.", _CAP_62, True),
    ("Should a Dragged Shareholder fail to complete the transfer of its Shares, the Company is authorised to "
     "appoint any Director as its agent to execute the transfer documents.", _DRAG_62, True),
    ("“We may ask you to send the machine to us; if so, we will pay the cost of carriage both ways…”",
     _CARRIAGE_62, False),
    ("“The Borrower shall report any deviation to the Lender within two working days.”", _LOAN_62, False),
    ("The Borrower shall report any deviation lasting longer than 24 hours to the Lender within two working days",
     _LOAN_62, True),
    ("The 115 ha of peat restoration will deliver a net carbon gain over the life of the development.",
     _BELIEF_62, False),
    ("The Applicant believes the proposed 115 ha of peat restoration would bring a net carbon gain over the life "
     "of the development.", _BELIEF_62, True),
    ("The auditor concluded that there is significant doubt about the Group's ability to continue as a going "
     "concern.", _DOUBT_62, False),
    ("The restructuring will cut the Republic's debt service by about US$3.1 billion over 2025–2028.",
     _ESTIMATE_62, False),
    ("The Republic estimates the restructuring would cut its debt service by about US$3.1 billion over 2025–2028.",
     _ESTIMATE_62, True),
    ("Late payments shall bear interest at 4% per annum above the Bank of England base rate.", _RATE_62, False),
    ("\"The Group ... does not intend to allow leverage to exceed 1.5x EBITDA other than temporarily.\"",
     _LEVERAGE_62, True),
    ("\"On termination, the Supplier shall repurchase the Distributor's stock of Products at the lower of cost "
     "and net realisable value.\"", _REPURCHASE_62, False),
    ("“Modelling indicates that … four-hour performance could reach 74% by January 2025.”", _MODEL_62, False),
    ("“Our findings do not support the original claim that physical cleansing reduces the severity of moral "
     "judgements.”", _FINDINGS_62, False),
    ("Bondholders holding a majority of the eligible external bonds support the terms.", _BONDS_62, False),
    ("[Hartley Quinn] used revenue rather than profit before tax as the benchmark", _AUDIT_62, True),
    ("“[Harrowgate Mutual] shall not be liable for any loss arising after the end of the Maximum Indemnity "
     "Period.”", _INSURER_62, True),
    ("“Payment shall be made in euros within forty-five (45) days of the date of invoice.”", _PAYMENT_62, True),
    ("“Payment shall be made in euros within forty-six (46) days of the date of invoice.”", _PAYMENT_62, False),
    ("I heard evidence from both parents and from the Cafcass officer over 2 days on 14th and 15th May 2024.",
     _HEARING_62, True),
    ("I heard evidence from both parents and from the Cafcass officer over 2 days on 14th and 16th May 2024.",
     _HEARING_62, False),
    ("PivX hereby grants to Detto an exclusive license to distribute Qwik-Fix Pro", _PIVX_62, False),
    # two pieces of the source stitched, in a quote between quotation marks and bare
    ("\"We recommend that ticket office closures be paused until the Department has published a full business case, "
     "including costs and benefits\"", _COMMITTEE_62, False),
    ("We recommend that ticket office closures be paused until the Department has published a full business case, "
     "including costs and benefits", _COMMITTEE_62, False),
    ("Enrolment in the Phase III HORIZON trial of NX-417 was completed in August", _TRIAL_62, True),
    ("Enrolment in the Phase II HORIZON trial of NX-417 was completed in August", _TRIAL_62, False),
    ("The guideline recommends referring anyone with a CRB-65 score of 2 or more to hospital.", _GUIDE_62, False),
    ("The guideline says to consider referral to hospital for people with a CRB-65 score of 1 or more.",
     _GUIDE_62, True),
])
def test_the_62nd_stop_s_rules(quote: str, source: Source, accepted: bool) -> None:
    """The 62nd stop's rules (docs/meaning.md): a restatement of one sentence of a passage whose other sentence holds
    a condition; "Should X fail" for "If X fails"; a cut before the place a promise holds in; a clause left out of a
    copy with no ellipsis; a belief, an estimate or a possibility told as fact; a name of another institution; a duty
    denied told as one; an ellipsis that hides a condition; a scope dropped at a full stop; a share under half told as
    a majority; bracketed names in a quote between quotation marks; numbers written twice, ordinal days and Roman
    numerals as form; a recommendation to consider told as firm; two pieces stitched in a quote between quotation
    marks. 21 of the rows fail on the 61st stop's code; the others are neighbours, passed or rejected by both."""
    _assert_passed(quote, source, accepted)
_AWARDS_63 = Source("awd", "For restricted stock units that contain only service conditions for vesting, we measure fair value "
                           "using the closing price of our common stock on the grant date.")
_GRANT_63 = Source("grt", "RESEARCH AGREEMENT\nBetween the Marlow Foundation for Cancer Research (the \"Sponsor\") and the "
                          "University of Tarnwick (the \"Site\").\n\n4.2 Net revenues from any licence of the Results shall "
                          "be shared, and the Sponsor shall receive 20% of the Site's net revenues unless the parties agree "
                          "otherwise in writing.")
_OFFER_63 = Source("off", "It is expected that the Offer will complete in the second half of 2026, subject to the "
                          "satisfaction of the Conditions.")
_FEES_63 = Source("fee", "The committee notes that the Department is considering legislation to cap fees for late "
                         "payment by public bodies.")
_REVENUE_63 = Source("rev", "Total revenue was £8.40 million, of which £3.10 million came from licensing and £2.20 "
                            "million from services.")
_LISTS_BOARD_63 = Source("brd", "Recommendation: the Board is asked to note the position and to approve the proposal to "
                                "extend the Saturday theatre lists for a further six months.")
_REVIEW_63 = Source("rvw", "The Council has accepted all 12 of the review's recommendations in principle.")
_RIVALS_63 = Source("riv", "3.1 The Commission found that the two firms were close rivals in Wales, where they won 5 of "
                           "the 7 contracts let since 2021.")
_REPORT_63 = Source("rep", "The Minister should publish a target for maximum waiting times within six months and "
                           "report annually on progress against it.")
_MARGIN_63 = Source("mar", "We expect operating margins to be slightly negative in 2026 and around neutral in 2027.")
_TIE_63 = Source("tie", "If two bidders submit the same price, the contract goes to the bidder with the higher quality "
                        "score.")
_NOTES_63 = Source("not", "9.4 At any time after a Termination Event which is continuing, the Trustee may, and shall "
                          "if so instructed by the Majority Noteholders, declare all outstanding Notes, together with "
                          "accrued interest, immediately due and repayable by notice to the Issuer.")


@pytest.mark.parametrize("quote, source, accepted", [
    ("For restricted stock units with service conditions alone, fair value is measured using the closing price of the "
     "common stock on the grant date.", _AWARDS_63, True),
    ("For restricted stock units, fair value is measured using the closing price of the common stock on the grant date.",
     _AWARDS_63, False),
    ("The Marlow Foundation receives 20% of the University's net revenues from licensing the Results, unless the parties "
     "agree otherwise in writing.", _GRANT_63, True),
    ("The University receives 20% of the Marlow Foundation's net revenues from licensing the Results, unless the "
     "parties agree otherwise in writing.", _GRANT_63, False),
    ("\"The Offer will complete in the second half of 2026, subject to the satisfaction of the Conditions.\"", _OFFER_63,
     False),
    ("The Department has committed to legislation capping fees for late payment by public bodies.", _FEES_63, False),
    ("Most of the revenue (£3.10 million of £8.40 million) came from licensing.", _REVENUE_63, False),
    ("Most of the revenue came from licensing (£3.10 million).", _REVENUE_63, False),
    ("The Board has approved extending the Saturday theatre lists for another six months.", _LISTS_BOARD_63, False),
    ("The Board is being asked to approve extending the Saturday theatre lists for another six months.",
     _LISTS_BOARD_63, True),
    ("The Council has accepted all 12 recommendations the review made.", _REVIEW_63, False),
    ("The Commission's Review Panel \"found that the two firms were close rivals in Wales, where they won 5 of the 7 "
     "contracts let since 2021.\"", _RIVALS_63, False),
    ("The Commission \"found that the two firms were close rivals in Wales, where they won 5 of the 7 contracts let "
     "since 2021.\"", _RIVALS_63, True),
    ("The Minister should, within six months, set out a target for maximum waiting times and report on progress "
     "against it every year.", _REPORT_63, True),
    ("Operating margins are expected to be slightly negative in 2026 and roughly neutral in 2027.", _MARGIN_63, True),
    ("If two bidders submit exactly the same price, the contract is awarded to the one with the higher quality score.",
     _TIE_63, True),
    ("\"At any time after a Termination Event, the Trustee may, and shall if so instructed by any Noteholder, declare "
     "all outstanding Notes, together with accrued interest, immediately due and repayable by notice to the Issuer.\"",
     _NOTES_63, False),
])
def test_the_63rd_stop_s_rules(quote: str, source: Source, accepted: bool) -> None:
    """The 63rd stop's rules (docs/meaning.md): "alone" for "only"; a party named by the name a document defines
    with "of" or "for" or a title ('the University of Tarnwick (the "Site")'); an expectation frame cut off; a step
    considered told as committed to; "most of" a whole the quote gives a part of no more than half of; a body no
    source speaks of, in a near-copy; "every year" for "annually"; "roughly" for "around"; "exactly the same"; a
    quantifier put in the place of another in a near-copy; a decision a body is asked to take told as taken; an
    acceptance "in principle" told without it. 12 of the rows fail on the 62nd stop's code; the others are neighbours,
    passed or rejected by both."""
    _assert_passed(quote, source, accepted)
_FRANCHISE_63 = Source("fra", "FRANCHISE AGREEMENT\nBetween Orchard Lane Bakeries LLC (\"Franchisor\") and Pemberton Foods Inc. "
                              "(\"Franchisee\").\n\n7.2 Reserved Channels. Sales through grocery stores and online delivery "
                              "are reserved to Franchisor and are not part of Franchisee's protected territory.")
_AIS_63 = Source("ais", "A recommendation has been made to the Harbour Users' Association to remind skippers that AIS must "
                        "remain switched on at all times when it is fitted, unless the master believes that doing so would "
                        "compromise the safety of the vessel.")
_TERM_63 = Source("trm", "2.1 Your plan starts on the day your line is connected and has a minimum term of 18 months (the "
                         "\"Minimum Term\"), unless your order confirmation states a different period.")
_COVENANT_63 = Source("cov", "Trustees should assess the employer covenant over the period for which they can reasonably "
                             "rely on it, which in most cases we would expect to be between three and six years.")
_METALS_63 = Source("met", "The Group does not trade with any person designated under sanctions regimes and, since "
                           "March 2022, has not entered into any new contract for Russian-origin metals.")
_CONFIDENTIAL_63 = Source("con", "4.2 Neither Party shall make any statement that disparages the other in relation to "
                                 "the Proceedings for a period of three (3) years from the date of this Agreement.")
_SUICIDE_63 = Source("sui", "We will not pay a claim if death is caused by suicide or intentional self-injury within the "
                            "first 12 months of the plan.")
_EXCLUDE_63 = Source("exc", "The Academy will, wherever possible, avoid permanently excluding any pupil with an Education, "
                            "Health and Care plan or a child looked after.")
_FEE_63 = Source("fee", "The Claimant's solicitors have agreed to limit their success fee to 15% of base costs, rather "
                        "than the 25% permitted under the conditional fee agreement.")
_COSTS_63 = Source("cst", "We will retain the cap, but firms may recover reasonable third-party costs in addition, provided "
                         "these are disclosed in the pre-contract information.")
_HOURS_63 = Source("hrs", "4.3 Weekly hours shall not exceed 60 in any seven-day period, save in exceptional circumstances "
                          "notified to the Buyer in advance.")
_STOCK_63 = Source("stk", "Stock labelled under the old rules may be sold until it is exhausted, but no later than 30 June "
                          "2027.")
_LISTS_63 = Source("lst", "Safety actions\nSA1: From 1 December 2023, theatre lists will be generated only from the "
                          "electronic booking system.")
_DEPOSIT_63 = Source("dep", "The Licensee may require the Owner to deposit an updated copy of the Source Code at any time, "
                            "provided that the Owner shall not be required to make more than four (4) updated deposits "
                            "in any twelve (12) month period.")


@pytest.mark.parametrize("quote, source, accepted", [
    ("Orchard Lane keeps sales through grocery stores and online delivery for itself, and they are not part of "
     "Pemberton's protected territory.", _FRANCHISE_63, True),
    ("Pemberton keeps sales through grocery stores and online delivery for itself, and they are not part of "
     "Orchard Lane's protected territory.", _FRANCHISE_63, False),
    ("…to remind skippers that AIS must remain switched on at all times when it is fitted.", _AIS_63, False),
    ("…to remind skippers that AIS must remain switched on at all times", _AIS_63, True),
    ("\"Your plan starts on the day your line is connected and has a minimum term of 18 months...\"", _TERM_63, False),
    ("Trustees should assess the employer covenant over the period for which they can reasonably rely on it, \"which "
     "... we would expect to be between three and six years.\"", _COVENANT_63, False),
    ("\"…has not entered into any new contract for Russian-origin metals.\"", _METALS_63, False),
    ("the agreement says \"[n]either Party shall make any statement that disparages the other in relation to the "
     "Proceedings for a period of three (3) years\"", _CONFIDENTIAL_63, True),
    ("“We will not pay a claim if death is caused by suicide or intentional self-injury…”", _SUICIDE_63, False),
    ("“The Academy will, wherever possible, avoid permanently excluding any pupil”", _EXCLUDE_63, False),
    ("have agreed to limit their success fee to ... the 25% permitted under the conditional fee agreement", _FEE_63,
     False),
    ("“…the Owner shall not be required to make more than four (4) updated deposits in any twelve (12) month period.”",
     _DEPOSIT_63, True),
    ("firms may recover reasonable third-party costs in addition", _COSTS_63, False),
    ("weekly hours shall not exceed 60 in any seven-day period", _HOURS_63, False),
    ("Stock labelled under the old rules may be sold until it is exhausted", _STOCK_63, False),
    ("“…theatre lists will be generated only from the electronic booking system.”", _LISTS_63, True),
])
def test_the_63rd_stop_s_edge_rules(quote: str, source: Source, accepted: bool) -> None:
    """The 63rd stop's rules at a quote's edges (docs/meaning.md): a company named by its first words ('Orchard Lane
    Bakeries LLC ("Franchisor")'); a full stop the source does not have, at the other end of a quote cut at its start;
    a marked cut before a defined term's label and the "unless" after it; "in most cases", "rather than" in an
    ellipsis's gap; a time right before a fragment ("since March 2022,"); "within the first 12 months" after a cut;
    "any pupil" before "with an Education, Health and Care plan"; a letter in brackets ("[n]either"); a cut right
    after "provided that", the proviso quoted whole; a span right before ", provided these ...", ", save in
    ..." or ", but no later than ..."; a rule's start date ("From 1 December 2023,") is no scope. 13 of the rows fail on the 62nd stop's code; the others are
    neighbours, passed or rejected by both."""
    _assert_passed(quote, source, accepted)


_FLOOD_64 = Source("flo", "At the Ashford Mills gauge the river peaked at 4.21 m on 3 January. We estimate the peak flow had an "
                          "annual exceedance probability of around 1.3% (approximately a 1 in 75 chance in any given year).")
_GAUGE_64 = Source("gau", "The rain gauge at Ashby Farm recorded 71.4 mm in the 12 hours to 06:00, which I estimate corresponds "
                          "to an annual exceedance probability of approximately 2%.")
_MILK_64 = Source("mil", "Hydroxocobalamin passes into breast milk, but this is not expected to harm your baby.")
_TAP_64 = Source("tap", "Tap water is safe to drink in Arvena and Port Elan, but not elsewhere on the island.")
_ARREARS_64 = Source("arr", "We will not begin legal proceedings for possession unless arrears exceed the equivalent of 3 monthly "
                            "payments and the customer has not kept to an agreed payment arrangement for 2 months.")
_ARREARS_ONE_64 = Source("ar1", "We will not begin legal proceedings for possession unless arrears exceed the equivalent of 3 "
                                "monthly payments. We will write to the customer first.")
_FUNERAL_64 = Source("fun", "The balance of our account is due within 28 days of the date of the funeral. Where a balance remains "
                            "unpaid after 60 days, we may charge interest at 4% a year.")
_SLEEP_64 = Source("sle", "Around one third of the excess risk appeared to be accounted for by BMI; however, because BMI was "
                          "measured at the same time as sleep, it may lie on the causal pathway rather than acting as a "
                          "confounder.")
_BRIDGE_64 = Source("bri", "Subject to funding and planning permission, construction of the new footbridge could start in "
                           "spring 2026.")
_SUSPEND_64 = Source("sus", "9.2 The Supplier may suspend access to the Software on giving not less than 10 School Days' written "
                            "notice, save that the Supplier shall not suspend access during a statutory assessment window.")
_CONSENT_64 = Source("con", "Applications for a consent lasting one day may be made 10 working days in advance, at the "
                            "discretion of the Licensing Manager.")
_TASTING_64 = Source("tas", "Early tastings suggest good structure, although we believe the Merlot components may be softer "
                            "than in 2023.")
_CRACKS_64 = Source("cra", "The cracking began in 2019 after a change of supplier, which the inspectors consider is likely to "
                           "have weakened the welds.")
_EMPEROR_64 = Source("emp", "The inscription suggests that the emperor may have visited the fort during his tour of the "
                            "province.")
_SITE_64 = Source("sit", "The Contractor shall keep the site clean and free of debris at all times.")
_DISCHARGE_64 = Source("dis", "Patients with an uncomplicated procedure may go home on the same day without a routine "
                              "review.")
_SHARES_64 = Source("sha", "2.1 Each Member must hold one share for every 500 litres of milk supplied in the previous year "
                           "(1 April to 31 March), up to a maximum of 1,000 shares.")
_VOTES_64 = Source("vot", "2.1 Each Member must hold one share for every 500 litres of milk supplied in the previous year "
                          "(1 April to 31 March), and each share carries one vote.")
_FEES_64 = Source("fee", "Late booking fees are non-refundable.")
_GOLD_64 = Source("gol", "The reserve estimate assumes a gold price of $2,100 per ounce and a cut-off grade of 0.5 g/t.")
_STEEL_64 = Source("ste", "Revenue in the Steel division fell by 4% to £81 million, reflecting lower volumes and price "
                          "deflation in rebar.")
_CAP_64 = Source("cap", "6. Liability\n6.1 Subject to clause 6.2, each party's total liability under this Agreement shall "
                        "not exceed £1 million in any Contract Year.")
_DELIVERY_64 = Source("del", "Subject to the terms of this Agreement, the Supplier shall deliver the Goods to the Depot every "
                             "month.")
_PERMIT_64 = Source("per", "Breach of any condition is an offence and may result in a fine and, after repeated breaches, "
                           "suspension of the permit by the council.")

_LEASE_64 = Source("lea", "8. Renewal\n8.1 Provided that no Event of Default has occurred and is continuing, the Lessee may continue "
                          "to lease the Equipment after the Primary Period for successive periods of 12 months.")
_FOREGOING_64 = Source("for", "Notwithstanding the foregoing, the Lessee may continue to lease the Equipment after the Primary "
                              "Period for successive periods of 12 months.")
_HIRE_64 = Source("hir", "6.1 The Hirer is responsible for any loss of or damage to the Boat during the hire, up to the amount "
                         "of the security deposit.")

@pytest.mark.parametrize("quote, source, accepted", [
    ("Early tastings suggest good structure, although the Merlot components are softer than in 2023.", _TASTING_64, False),
    ("Early tastings suggest good structure, although we believe the Merlot components may be softer than in 2023.",
     _TASTING_64, True),
    ("The cracking began in 2019 after a change of supplier, which ... weakened the welds.", _CRACKS_64, False),
    ("The inscription suggests that ... visited the fort during his tour of the province.", _EMPEROR_64, True),
    ("The Contractor shall keep the site clean and free of debris at all times (the \"Site Cleanliness Obligation\").",
     _SITE_64, False),
    ("Under the Harbourside Same-Day Discharge Criteria, patients with an uncomplicated procedure may go home on the same "
     "day without a routine review.", _DISCHARGE_64, False),
    ("Each Member must hold one share for every 500 litres of milk supplied in the previous year...", _SHARES_64, False),
    ("Each Member must hold one share for every 500 litres of milk supplied in the previous year...", _VOTES_64, True),
    ("Late booking fees will be refunded.", _FEES_64, False),
    ("\"The reserve estimate assumes a gold price of $2,100/oz and a cut-off grade of 0.5 g/t.\"", _GOLD_64, True),
    ("\"Revenue in the Steel division fell by 4% to £81 million, reflecting lower volumes and price inflation in rebar.\"",
     _STEEL_64, False),
    ("…each party's total liability under this Agreement shall not exceed £1 million in any Contract Year.", _CAP_64, False),
    ("…the Supplier shall deliver the Goods to the Depot every month.", _DELIVERY_64, True),
    ("Breach of any condition is an offence and may result in a fine and ... suspension of the permit by the council.",
     _PERMIT_64, False),
    ("…the Lessee may continue to lease the Equipment after the Primary Period for successive periods of 12 months.",
     _LEASE_64, False),
    ("…the Lessee may continue to lease the Equipment after the Primary Period for successive periods of 12 months.",
     _FOREGOING_64, True),
    ("\"The Hirer is responsible for any loss of or damage to the Boat during the hire…\"", _HIRE_64, False),
    ("The peak flow had an annual exceedance probability of 1.3%, a 1 in 75 chance in any given year.", _FLOOD_64, False),
    ("We estimate the peak flow had an annual exceedance probability of around 1.3% (approximately a 1 in 75 chance "
     "in any given year).", _FLOOD_64, True),
    ("71.4 mm of rain was recorded at the Ashby Farm gauge in the 12 hours to 06:00.", _GAUGE_64, True),
    ("Hydroxocobalamin doesn't pass into breast milk, so it's safe to have while breast-feeding.", _MILK_64, False),
    ("Hydroxocobalamin gets into breast milk, but it isn't expected to harm the baby.", _MILK_64, True),
    ("Outside Arvena and Port Elan, the advice says tap water is not safe to drink.", _TAP_64, True),
    ("We will not begin legal proceedings for possession unless arrears exceed the equivalent of 3 monthly payments...",
     _ARREARS_64, False),
    ("We will not begin legal proceedings for possession unless arrears exceed the equivalent of 3 monthly payments...",
     _ARREARS_ONE_64, True),
    ("“The balance of our account is due within 28 days of the date of the funeral…”", _FUNERAL_64, True),
    ("Because BMI was measured at the same time as sleep, the authors say it may lie on the causal pathway rather than "
     "being a confounder.", _SLEEP_64, True),
    ("…construction of the new footbridge could start in spring 2026.", _BRIDGE_64, False),
    ("“…the Supplier may suspend access to the Software on giving not less than 10 School Days' written notice”",
     _SUSPEND_64, False),
    ("\"Applications for a consent lasting one day may be made 10 working days in advance\"", _CONSENT_64, False),
])
def test_the_64th_stop_s_rules(quote: str, source: Source, accepted: bool) -> None:
    """The 64th stop's rules (docs/meaning.md): a hedge dropped from one clause where another clause keeps a hedge of
    its own; a hedge a short ellipsis gap ends with, unless the fragment before keeps one; a contract's label in
    brackets no source has; "criteria" and other names of rules and codes as the heads of invented terms; a hard limit
    right after a marked cut, past a short aside in brackets, or a condition that goes on; "up to the amount of"; "will be
    refunded" for "non-refundable"; "/oz" for "per ounce"; another first syllable ("inflation" for "deflation") is no
    spelling; a marked cut right after "Subject to clause 6.2," or "Provided that ...," (not "Notwithstanding the
    foregoing,"); a condition set off by commas in an ellipsis's gap; "We estimate" opening its clause, dropped
    ("probability" keeps no doubt); a verb the passage states plainly, negated by a quote that leaves out the passage's
    own negation of another verb ("doesn't pass into breast milk" for "passes into breast milk, but this is not
    expected to harm"; not "elsewhere", no verb); a marked cut inside an "unless" clause the source goes on with "and"
    a second requirement (not past its sentence's end); a marked cut after "Subject to funding and planning permission,"
    (a condition, where "subject to the terms of this Agreement" points at the document); a quote cut at its start that
    stops, unmarked, right before a hard limit; "at the discretion of". A hedge's clause counts only where the quote
    restates it. 16 of the rows fail on the 63rd stop's code; the others are neighbours, passed or rejected by both."""
    _assert_passed(quote, source, accepted)


_COVER_ONLY_64 = Source("cov", "Cover in the USA, Canada and the Caribbean applies only if you have paid the Worldwide premium.")
_COVER_IF_64 = Source("cof", "Cover in the USA, Canada and the Caribbean applies if you have paid the Worldwide premium.")
_COVER_UNLESS_64 = Source("cou", "Cover in the USA, Canada and the Caribbean does not apply unless you have paid the Worldwide "
                                 "premium.")
_CLEANING_64 = Source("cle", "Instruments must be cleaned in the washer-disinfector; manual cleaning is not to be used unless the "
                             "manufacturer's instructions state that an item is not compatible with automated cleaning.")


@pytest.mark.parametrize("quote, source, accepted", [
    ("Emergency cover in the USA, Canada and the Caribbean only applies if you've paid the Worldwide premium.",
     _COVER_ONLY_64, True),
    ("Emergency cover in the USA, Canada and the Caribbean only applies if you've paid the Worldwide premium.",
     _COVER_IF_64, False),
    ("Instruments go through the washer-disinfector, and hand cleaning is only used where the manufacturer says an item "
     "isn't compatible with automated cleaning.", _CLEANING_64, True),    ("Emergency cover in the USA, Canada and the Caribbean only applies if you've paid the Worldwide premium.",
     _COVER_UNLESS_64, True),
    ("Emergency cover in the USA, Canada and the Caribbean only applies if you've asked for it in writing.",
     _COVER_UNLESS_64, False),
])
def test_the_64th_stop_s_false_rejects(quote: str, source: Source, accepted: bool) -> None:
    """"only" before a verb and the condition it opens ("only applies if", "is only used where") is that condition's,
    as "only if" is, where the passage makes the condition the only way too ("only", "unless", "solely"); where it
    does not, "only" is still a quantifier the quote adds. "only ... if" restates "not ... unless" on the same
    condition, no modal in either. 3 of the rows fail on the 63rd stop's code; the others are neighbours, rejected by
    both."""
    _assert_passed(quote, source, accepted)
