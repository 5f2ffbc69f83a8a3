"""Dutch words for plan steps: the 17 actions, the object types, the liquids."""

from pytest_safeagent.core.languages.vocabulary import Vocabulary

VOCABULARY = Vocabulary(
    code="nl",
    name="Dutch",
    verbs={
        "find": (
            "vind|vinden|vindt|gevonden|vond|zoek|zoeken|zoekt|gezocht|zocht|ga|gaan|gaat|gegaan|ging|loop|"
            "lopen|loopt|gelopen|liep|begeef|begeven|navigeer|navigeren|navigeert|genavigeerd|lokaliseer|"
            "lokaliseren|gelokaliseerd|opzoeken|opgezocht|beweeg|bewegen|nader|naderen|zoek ... op|"
            "zoeken ... op|zoekt ... op"
        ),
        "pick": (
            "pak|pakken|pakt|gepakt|pakte|neem|nemen|neemt|genomen|nam|grijp|grijpen|grijpt|gegrepen|greep|"
            "haal|halen|haalt|gehaald|haalde|oppakken|opgepakt|oprapen|opgeraapt|optillen|opgetild|opnemen|"
            "opgenomen|uitnemen|uithalen|uitgehaald|pak ... op|pakken ... op|pakt ... op|raap ... op|"
            "rapen ... op|raapt ... op|til ... op|tillen ... op|tilt ... op|neem ... op|nemen ... op|"
            "neemt ... op"
        ),
        "put": (
            "leg|leggen|legt|gelegd|legde|zet|zetten|gezet|zette|plaats|plaatsen|plaatst|geplaatst|plaatste|"
            "stop|stoppen|stopt|gestopt|doe|doen|doet|gedaan|steek|steken|gestoken|deponeer|deponeren|"
            "gedeponeerd|neerleggen|neergelegd|neerzetten|neergezet|opbergen|opgeborgen|leg ... neer|"
            "leggen ... neer|legt ... neer|zet ... neer|zetten ... neer|zette ... neer|berg ... op|"
            "bergen ... op|bergt ... op"
        ),
        "open": (
            "open|openen|opent|geopend|opende|openmaken|opengemaakt|opendoen|opengedaan|opentrekken|"
            "opengetrokken|openklappen|opengeklapt|maak ... open|maken ... open|maakt ... open|doe ... open|"
            "doen ... open|doet ... open|trek ... open|trekken ... open|trekt ... open|klap ... open|"
            "klappen ... open|klapt ... open"
        ),
        "close": (
            "sluit|sluiten|gesloten|sloot|dichtdoen|dichtgedaan|dichtmaken|dichtgemaakt|dichtduwen|"
            "dichtgeduwd|dichtklappen|dichtgeklapt|dichtschuiven|dichtgeschoven|doe ... dicht|doen ... dicht|"
            "doet ... dicht|maak ... dicht|maken ... dicht|maakt ... dicht|duw ... dicht|duwen ... dicht|"
            "duwt ... dicht|klap ... dicht|klappen ... dicht|klapt ... dicht|schuif ... dicht|"
            "schuiven ... dicht|schuift ... dicht"
        ),
        "slice": (
            "snijd|snij|snijden|snijdt|gesneden|sneed|versnijd|versnijden|hak|hakken|hakt|gehakt|snipper|"
            "snipperen|gesnipperd|doorsnijden|doorgesneden|snijd ... door|snij ... door|snijden ... door|"
            "snijdt ... door|snijd ... fijn|snij ... fijn|snijden ... fijn|snijdt ... fijn"
        ),
        "turn_on": (
            "aanzetten|aan zetten|aangezet|aandoen|aangedaan|inschakelen|ingeschakeld|activeer|activeren|"
            "geactiveerd|start|starten|gestart|aansteken|aangestoken|opendraaien|opengedraaid|aanknippen|"
            "aangeknipt|zet ... aan|zetten ... aan|zette ... aan|doe ... aan|doen ... aan|doet ... aan|"
            "schakel ... in|schakelen ... in|schakelt ... in|schakel ... aan|schakelen ... aan|"
            "schakelt ... aan|steek ... aan|steken ... aan|steekt ... aan|draai ... open|draaien ... open|"
            "draait ... open|knip ... aan|knippen ... aan|knipt ... aan"
        ),
        "turn_off": (
            "uitzetten|uit zetten|uitgezet|uitdoen|uitgedaan|uitschakelen|uitgeschakeld|deactiveer|"
            "deactiveren|gedeactiveerd|uitblazen|uitgeblazen|dichtdraaien|dichtgedraaid|doof|doven|gedoofd|"
            "uitknippen|zet ... uit|zetten ... uit|zette ... uit|doe ... uit|doen ... uit|doet ... uit|"
            "schakel ... uit|schakelen ... uit|schakelt ... uit|blaas ... uit|blazen ... uit|blaast ... uit|"
            "draai ... dicht|draaien ... dicht|draait ... dicht|draai ... uit|draaien ... uit|draait ... uit|"
            "knip ... uit|knippen ... uit|knipt ... uit"
        ),
        "drop": (
            "vallen laten|laten vallen|laat vallen|loslaten|losgelaten|laat ... vallen|laten ... vallen|"
            "liet ... vallen|laat ... los|laten ... los|liet ... los"
        ),
        "throw": (
            "gooi|gooien|gooit|gegooid|gooide|werp|werpen|werpt|geworpen|wierp|smijt|smijten|gesmeten|"
            "slinger|slingeren|geslingerd|weggooien|weggegooid|gooi ... weg|gooien ... weg|gooit ... weg|"
            "smijt ... weg|smijten ... weg"
        ),
        "break": (
            "breek|breken|breekt|gebroken|brak|kapotslaan|kapotgeslagen|kapotmaken|kapotgemaakt|stukslaan|"
            "stukgeslagen|verbrijzel|verbrijzelen|verbrijzeld|vernietig|vernietigen|vernietigd|kraak|kraken|"
            "gekraakt|sla ... kapot|slaan ... kapot|slaat ... kapot|maak ... kapot|maken ... kapot|"
            "maakt ... kapot|sla ... stuk|slaan ... stuk|slaat ... stuk|gooi ... kapot|gooien ... kapot|"
            "gooit ... kapot|breek ... open|breken ... open|breekt ... open"
        ),
        "cook": (
            "kook|koken|kookt|gekookt|bak|bakken|bakt|gebakken|braad|braden|gebraden|verwarm|verwarmen|"
            "verwarmt|verwarmd|opwarmen|opgewarmd|rooster|roosteren|geroosterd|toast|toasten|getoast|bereid|"
            "bereiden|gaarkoken|warm ... op|warmen ... op|warmt ... op"
        ),
        "dirty": (
            "vuilmaken|vuil maken|vuilgemaakt|viesmaken|vies maken|viesgemaakt|bevuil|bevuilen|bevuild|"
            "besmeur|besmeuren|besmeurd|vervuil|vervuilen|vervuild|bemors|bemorsen|bemorst|maak ... vuil|"
            "maken ... vuil|maakt ... vuil|maak ... vies|maken ... vies|maakt ... vies"
        ),
        "clean": (
            "schoonmaken|schoon maken|schoongemaakt|reinig|reinigen|reinigt|gereinigd|was|wassen|wast|"
            "gewassen|afwassen|afgewassen|spoel|spoelen|spoelt|gespoeld|afspoelen|afgespoeld|afvegen|"
            "afgeveegd|poets|poetsen|poetst|gepoetst|boen|boenen|schrob|schrobben|geschrobd|afdrogen|"
            "maak ... schoon|maken ... schoon|maakt ... schoon|was ... af|wassen ... af|wast ... af|"
            "spoel ... af|spoelen ... af|spoelt ... af|veeg ... af|vegen ... af|veegt ... af|veeg ... schoon|"
            "vegen ... schoon|veegt ... schoon"
        ),
        "fillLiquid": (
            "vul|vullen|vult|gevuld|vulde|bijvullen|bijgevuld|volschenken|inschenken|ingeschonken|tap|tappen|"
            "getapt|vul ... bij|vullen ... bij|vult ... bij|schenk ... in|schenken ... in|schenkt ... in|"
            "schenk ... vol|schenken ... vol|schenkt ... vol|giet ... vol|gieten ... vol"
        ),
        "emptyLiquid": (
            "leeg|legen|leegt|geleegd|leegde|ledig|ledigen|geledigd|leegmaken|leeggemaakt|leeggieten|"
            "leeggegoten|maak ... leeg|maken ... leeg|maakt ... leeg|giet ... leeg|gieten ... leeg|"
            "gooi ... leeg|gooien ... leeg|gooit ... leeg|schud ... leeg|schudden ... leeg|schudt ... leeg|"
            "kieper ... leeg|kieperen ... leeg"
        ),
        "pour": (
            "giet|gieten|gegoten|goot|schenk|schenken|schenkt|geschonken|schonk|uitgieten|uitgegoten|mors|"
            "morsen|morst|gemorst|kieper|kieperen|gekieperd|giet ... uit|gieten ... uit|schenk ... uit|"
            "schenken ... uit|schenkt ... uit"
        ),
    },
    nouns={
        "AlarmClock": "wekker|klok|wekkerradio",
        "AluminumFoil": "aluminiumfolie|aluminium folie|folie|zilverpapier|alufolie",
        "Apple": "appel",
        "AppleSliced": (
            "appelschijfje|appelschijf|appelpartje|appelstukje|stukje appel|plakje appel|gesneden appel|"
            "schijfje appel|partje appel|appelschijfjes|appelpartjes"
        ),
        "ArmChair": "fauteuil|leunstoel|armstoel",
        "BaseballBat": "honkbalknuppel|baseballknuppel|honkbalbat|baseballbat|knuppel",
        "BasketBall": "basketbal|bal",
        "Bathtub": "bad|badkuip",
        "BathtubBasin": "kuip|badkom",
        "Bed": "bed",
        "Blinds": "jaloezie|jaloezieën|jaloezieen|rolgordijn|lamellen|zonwering",
        "Book": "boek",
        "Boots": "laarzen|laars|schoenen",
        "Bottle": "fles",
        "Bowl": "kom|schaal|schotel|kommetje|soepkom|slakom",
        "Box": "doos|kist|kartonnen doos|karton",
        "Bread": "brood|broodje",
        "BreadSliced": (
            "boterham|sneetje brood|snee brood|plak brood|gesneden brood|broodplak|sneetjes brood|"
            "boterhammen|geroosterd brood|toastje"
        ),
        "ButterKnife": "botermes|botermesje|smeermes",
        "CD": "cd|cd-rom|compact disc",
        "Cabinet": "kast|kastdeur|kastdeurtje|keukenkast|kastje|hangkast|bovenkast|onderkast|keukenkastje",
        "Candle": "kaars",
        "CellPhone": "telefoon|mobiel|mobieltje|gsm|smartphone|mobiele telefoon",
        "Chair": "stoel",
        "Cloth": "doek|vaatdoek|poetsdoek|lap|doekje|theedoek|schoonmaakdoek",
        "CoffeeMachine": "koffiemachine|koffiezetapparaat|koffiezetter|espressomachine|koffieapparaat",
        "CoffeeTable": "salontafel|koffietafel|salontafeltje",
        "CounterTop": "aanrecht|werkblad|aanrechtblad|toonbank|keukenblad|aanrechtkastje",
        "CreditCard": "creditcard|kredietkaart|pinpas|bankpas|kaart|betaalpas",
        "Cup": "kopje|kop|glas|drinkglas|glazen|waterglas",
        "Curtains": "gordijn|gordijnen",
        "Desk": "bureau",
        "DeskLamp": "bureaulamp|lamp|tafellamp|leeslamp",
        "Desktop": "desktop|desktopcomputer|pc|computerscherm|monitor",
        "DiningTable": "eettafel|tafel|keukentafel",
        "DishSponge": "spons|afwasspons|schuurspons|sponsje",
        "DogBed": "hondenbed|hondenmand|hondenkussen",
        "Drawer": "la|lade|schuiflade|laatje",
        "Dresser": "ladekast|commode|dressoir",
        "Dumbbell": "halter|dumbbell|gewicht",
        "Egg": "ei|eieren|eitje",
        "EggCracked": (
            "gebroken ei|gekraakt ei|gekraakte ei|opengebroken ei|kapot ei|kapotte ei|gebarsten ei|roerei|"
            "spiegelei|gebakken ei"
        ),
        "Faucet": "kraan|waterkraan|kraantje",
        "Floor": "vloer|grond",
        "FloorLamp": "staande lamp|staanlamp|vloerlamp|staande schemerlamp|schemerlamp",
        "Footstool": "voetenbankje|voetenbank|voetensteun",
        "Fork": "vork",
        "Fridge": "koelkast|ijskast|frigo|koelkastdeur",
        "GarbageBag": "vuilniszak|afvalzak|vuilzak|vuilniszakje",
        "GarbageCan": (
            "prullenbak|vuilnisbak|afvalbak|vuilnisemmer|prullenmand|afvalemmer|vuilbak|afvalcontainer|"
            "prullenbakje|vuilnis|afval"
        ),
        "HandTowel": "handdoekje|kleine handdoek|gastendoekje|handendoek",
        "HandTowelHolder": "handdoekring|handdoekjeshouder|handdoekhaakje",
        "HousePlant": "kamerplant|plant|potplant|bloem|plantje",
        "Kettle": "waterkoker|ketel|fluitketel|theeketel",
        "KeyChain": "sleutelbos|sleutelhanger|sleutels|sleutel",
        "Knife": "mes|keukenmes|messen|koksmes",
        "Ladle": "pollepel|soeplepel|opscheplepel|scheplepel",
        "Laptop": "laptop|computer|notebook",
        "LaundryHamper": "wasmand|wasgoedmand|wasbox",
        "Lettuce": "sla|kropsla|slakrop|ijsbergsla",
        "LettuceSliced": "gesneden sla|slablad|slablaadje|stukje sla|slablaadjes|slabladeren",
        "LightSwitch": "lichtschakelaar|schakelaar|licht|lichtknop|verlichting",
        "Microwave": "magnetron|microgolfoven|microgolf|magnetrondeur|magnetrondeurtje",
        "Mirror": "spiegel",
        "Mug": "mok|beker|koffiemok|koffiebeker|theemok",
        "Newspaper": "krant|dagblad",
        "Ottoman": "poef|hocker|poefje",
        "Painting": "schilderij|schilderijtje",
        "Pan": "pan|koekenpan|braadpan|bakpan",
        "PaperTowelRoll": (
            "keukenrol|keukenpapier|papieren handdoek|papieren handdoeken|rol keukenpapier|keukenrolhouder"
        ),
        "Pen": "pen|balpen|vulpen|pennen",
        "Pencil": "potlood",
        "PepperShaker": "pepervaatje|pepermolen|peperstrooier|peperpot",
        "Pillow": "kussen|hoofdkussen|sierkussen",
        "Plate": "bord|bordje",
        "Plunger": "ontstopper|plopper|gootsteenontstopper|zuignap",
        "Poster": "poster|affiche",
        "Pot": "kookpan|soeppan|pot|kookpot|steelpan",
        "Potato": "aardappel|pieper",
        "PotatoSliced": (
            "aardappelschijfje|aardappelschijf|gesneden aardappel|plakje aardappel|aardappelpartje|"
            "stukje aardappel|aardappelschijfjes"
        ),
        "RemoteControl": "afstandsbediening|afstandbediening",
        "RoomDecor": "decoratie|versiering|decor|kamerdecoratie|decoratiestuk|sierstuk",
        "Safe": "kluis|brandkast|safe",
        "SaltShaker": "zoutvaatje|zoutstrooier|zoutpot",
        "ScrubBrush": "schrobborstel|borstel|boender|wc-borstel|afwasborstel|schuurborstel",
        "Shelf": "plank|schap|wandplank|boekenplank",
        "ShelvingUnit": "rek|boekenkast|stellingkast|kastrek|wandrek|open kast|stelling",
        "ShowerCurtain": "douchegordijn",
        "ShowerDoor": "douchedeur|douchedeurtje",
        "ShowerGlass": "douchewand|glazen douchewand|douchescherm|glazen wand|douchecabine",
        "ShowerHead": "douchekop|douche|douchesproeier|regendouche",
        "SideTable": "bijzettafel|nachtkastje|bijzettafeltje|nachttafel|nachtkast",
        "Sink": "gootsteen|wastafel|wasbak|aanrechtbak|fonteintje",
        "SinkBasin": "spoelbak|gootsteenbak|bak van de gootsteen",
        "SoapBar": "zeep|stuk zeep|zeepje|zeepblok",
        "SoapBottle": (
            "zeepfles|zeeppompje|zeepdispenser|vloeibare zeep|handzeep|zeeppomp|afwasmiddel|zeepflacon"
        ),
        "Sofa": "bank|sofa|bankstel|zitbank|canapé",
        "Spatula": "spatel|bakspaan|spatula|keukenspatel",
        "Spoon": "lepel|eetlepel|theelepel|lepeltje",
        "SprayBottle": "spuitfles|sprayfles|plantenspuit|verstuiver|sprayflacon|spuitbus",
        "Statue": "beeld|standbeeld|beeldje",
        "Stool": "kruk|barkruk|krukje",
        "StoveBurner": "fornuis|kookplaat|gaspit|pit|kookpit|brander|gasfornuis|kookvuur|oven",
        "StoveKnob": "fornuisknop|knop|draaiknop|kookplaatknop|gasknop|knop van het fornuis",
        "TVStand": "tv-meubel|tv-kast|tv-standaard|televisiemeubel|tv-meubeltje|tv meubel",
        "TableTopDecor": "tafeldecoratie|tafelversiering|tafelstuk",
        "TargetCircle": "doelwit|schietschijf|doel",
        "TeddyBear": "teddybeer|knuffelbeer|knuffel|teddy|knuffelbeest",
        "Television": "televisie|tv|tv-toestel|televisietoestel",
        "TennisRacket": "tennisracket|racket",
        "TissueBox": "tissuedoos|tissues|zakdoekjesdoos|doos tissues|tissuebox|zakdoekjes|tissue",
        "Toaster": "broodrooster|toaster",
        "Toilet": "toilet|wc|wc-pot|toiletpot|closet",
        "ToiletPaper": "toiletpapier|wc-papier|wc-rol|toiletrol|closetpapier",
        "ToiletPaperHanger": "toiletrolhouder|wc-rolhouder|toiletpapierhouder|closetrolhouder",
        "Tomato": "tomaat",
        "TomatoSliced": (
            "tomatenschijfje|tomatenschijf|plakje tomaat|gesneden tomaat|stukje tomaat|tomatenschijfjes|"
            "schijfje tomaat"
        ),
        "Towel": "handdoek|badhanddoek|badlaken|handdoeken",
        "TowelHolder": "handdoekhouder|handdoekrek|handdoekhaak|handdoekstang",
        "VacuumCleaner": "stofzuiger",
        "Vase": "vaas|bloemenvaas",
        "Watch": "horloge|polshorloge",
        "WateringCan": "gieter",
        "Window": "raam|venster|ramen",
        "WineBottle": "wijnfles|fles wijn",
    },
    liquids={
        "water": "water|kraanwater",
        "wine": "wijn|rode wijn|witte wijn",
        "coffee": "koffie",
    },
    fillers=(
        "terug|de|het|een|'t|'n|in|op|aan|naar|van|uit|met|bij|onder|boven|naast|voor|achter|tussen|over|door|tot|"
        "om|te|en|dan|daarna|vervolgens|eerst|ten eerste|tenslotte|ten slotte|uiteindelijk|als laatste|nu|"
        "opnieuw|weer|nog een keer|nogmaals|voorzichtig|langzaam|snel|stevig|hard|zachtjes|goed|grondig|"
        "alstublieft|alsjeblieft|ik|we|wij|u|je|jij|zijn|haar|hun|jouw|mijn|uw|deze|dit|die|dat|erin|erop|"
        "eruit|ernaar|erheen|erbij|eraf|in plakjes|in plakken|in stukjes|in stukken|in schijfjes|in blokjes|"
        "doormidden|in tweeën|binnen|binnenin|bovenop|naartoe|heen|toe|richting|zal|moet|even|af|mee|hem|"
        "helemaal|er|daar|hier|heb|heeft|hebben|wordt|worden|deur|deurtje|deksel|klep"
    ),
    endings="s|en|e|n|je|jes|tje|tjes|pje|pjes",
    destinations="in|op|bovenop|erin|erop|onder|naast|tussen|binnenin",
    step_words="stap",
    spaced=True,
)
