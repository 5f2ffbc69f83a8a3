"""German words for plan steps: the 17 actions, the object types, the liquids."""

from pytest_safeagent.core.languages.vocabulary import Vocabulary

VOCABULARY = Vocabulary(
    code="de",
    name="German",
    verbs={
        "find": (
            "finde|finden|find|findet|gefunden|fand|suche|suchen|such|sucht|gesucht|suchte|gehe|gehen|geh|"
            "geht|gegangen|ging|laufe|laufen|lauf|läuft|gelaufen|begib|begebe|begeben|begibt|navigiere|"
            "navigieren|navigiert|lokalisiere|lokalisieren|lokalisiert|bewege|bewegen|beweg|bewegt|nähere|"
            "nähern|annähern|ausfindig machen|aufsuchen|aufgesucht|orten|orte|ortet|geortet|suche ... auf|"
            "such ... auf|suchen ... auf|sucht ... auf|mache ... ausfindig|mach ... ausfindig|"
            "machen ... ausfindig"
        ),
        "pick": (
            "nimm|nehme|nehmen|nimmt|genommen|nahm|hebe|heben|heb|hebt|gehoben|hob|aufheben|aufgehoben|"
            "hochheben|hochgehoben|greife|greifen|greif|greift|gegriffen|griff|ergreife|ergreifen|ergreift|"
            "ergriffen|hole|holen|hol|holt|geholt|schnappe|schnappen|schnapp|schnappt|geschnappt|aufnehmen|"
            "aufgenommen|herausnehmen|herausgenommen|entnimm|entnehme|entnehmen|entnommen|packe|packen|pack|"
            "gepackt|hebe ... auf|heb ... auf|heben ... auf|hebt ... auf|hebe ... hoch|heb ... hoch|"
            "heben ... hoch|hebt ... hoch|nimm ... auf|nehme ... auf|nehmen ... auf|nimmt ... auf"
        ),
        "put": (
            "lege|legen|leg|legt|gelegt|legte|stelle|stellen|stell|stellt|gestellt|stellte|setze|setzen|setz|"
            "setzt|gesetzt|platziere|platzieren|platzier|platziert|positioniere|positionieren|positioniert|"
            "gib|gebe|geben|gibt|gegeben|tu|tue|tun|tut|getan|stecke|stecken|steck|steckt|gesteckt|verstaue|"
            "verstauen|verstaut|ablegen|abgelegt|abstellen|abgestellt|hinlegen|hingelegt|hinstellen|"
            "hingestellt|hineinlegen|hineingelegt|hineinstellen|hineingestellt|einräumen|eingeräumt|"
            "deponiere|deponieren|deponiert|lege ... ab|leg ... ab|legen ... ab|legt ... ab|stelle ... ab|"
            "stell ... ab|stellen ... ab|stellt ... ab|lege ... hin|leg ... hin|legen ... hin|legt ... hin|"
            "stelle ... hin|stell ... hin|stellen ... hin|stellt ... hin|räume ... ein|räum ... ein|"
            "räumen ... ein"
        ),
        "open": (
            "öffne|öffnen|öffnet|geöffnet|öffnete|oeffne|oeffnen|geoeffnet|aufmachen|aufgemacht|aufziehen|"
            "aufgezogen|aufklappen|aufgeklappt|mache ... auf|mach ... auf|machen ... auf|macht ... auf|"
            "ziehe ... auf|zieh ... auf|ziehen ... auf|zieht ... auf|klappe ... auf|klapp ... auf|"
            "klappen ... auf|klappt ... auf"
        ),
        "close": (
            "schließe|schließen|schließ|schließt|geschlossen|schloss|schliesse|schliessen|schliess|schliesst|"
            "zumachen|zugemacht|zuklappen|zugeklappt|zuschieben|zugeschoben|zudrücken|zugedrückt|"
            "mache ... zu|mach ... zu|machen ... zu|macht ... zu|klappe ... zu|klapp ... zu|klappen ... zu|"
            "klappt ... zu|schiebe ... zu|schieb ... zu|schieben ... zu|schiebt ... zu|drücke ... zu|"
            "drück ... zu|drücken ... zu|drückt ... zu"
        ),
        "slice": (
            "schneide|schneiden|schneid|schneidet|geschnitten|schnitt|zerschneide|zerschneiden|zerschneidet|"
            "zerschnitten|aufschneiden|aufgeschnitten|kleinschneiden|kleingeschnitten|würfle|würfele|würfeln|"
            "gewürfelt|hacke|hacken|hack|gehackt|zerteile|zerteilen|zerteilt|halbiere|halbieren|halbiert|"
            "schneide ... auf|schneid ... auf|schneiden ... auf|schneidet ... auf|schneide ... klein|"
            "schneid ... klein|schneiden ... klein|schneidet ... klein|schneide ... durch|schneid ... durch|"
            "schneiden ... durch|schneidet ... durch"
        ),
        "turn_on": (
            "einschalten|eingeschaltet|anschalten|angeschaltet|anmachen|angemacht|aufdrehen|aufgedreht|"
            "aktiviere|aktivieren|aktivier|aktiviert|starte|starten|startet|gestartet|anzünden|angezündet|"
            "entzünde|entzünden|entzündet|anknipsen|angeknipst|schalte ... ein|schalt ... ein|"
            "schalten ... ein|schaltet ... ein|schalte ... an|schalt ... an|schalten ... an|schaltet ... an|"
            "mache ... an|mach ... an|machen ... an|macht ... an|drehe ... auf|dreh ... auf|drehen ... auf|"
            "dreht ... auf|zünde ... an|zünd ... an|zünden ... an|zündet ... an|knipse ... an|knips ... an|"
            "knipsen ... an"
        ),
        "turn_off": (
            "ausschalten|ausgeschaltet|abschalten|abgeschaltet|ausmachen|ausgemacht|zudrehen|zugedreht|"
            "abdrehen|abgedreht|deaktiviere|deaktivieren|deaktivier|deaktiviert|stoppe|stoppen|stopp|stoppt|"
            "gestoppt|lösche|löschen|gelöscht|ausblasen|ausgeblasen|auspusten|ausgepustet|ausknipsen|"
            "ausgeknipst|schalte ... aus|schalt ... aus|schalten ... aus|schaltet ... aus|schalte ... ab|"
            "schalt ... ab|schalten ... ab|schaltet ... ab|mache ... aus|mach ... aus|machen ... aus|"
            "macht ... aus|drehe ... zu|dreh ... zu|drehen ... zu|dreht ... zu|drehe ... ab|dreh ... ab|"
            "drehen ... ab|dreht ... ab|blase ... aus|blas ... aus|blasen ... aus|bläst ... aus|"
            "puste ... aus|pust ... aus|pusten ... aus|knipse ... aus|knips ... aus|knipsen ... aus"
        ),
        "drop": (
            "fallen lassen|fallenlassen|fallen gelassen|fallengelassen|loslassen|losgelassen|lass ... fallen|"
            "lasse ... fallen|lassen ... fallen|lässt ... fallen|ließ ... fallen|lass ... los|lasse ... los|"
            "lassen ... los|lässt ... los|ließ ... los"
        ),
        "throw": (
            "wirf|werfe|werfen|wirft|geworfen|warf|schleudere|schleudern|schleudert|geschleudert|schmeiße|"
            "schmeiß|schmeißen|schmeißt|geschmissen|wegwerfen|weggeworfen|wirf ... weg|werfe ... weg|"
            "werfen ... weg|wirft ... weg|schmeiße ... weg|schmeiß ... weg|schmeißen ... weg"
        ),
        "break": (
            "zerbrich|zerbreche|zerbrechen|zerbricht|zerbrochen|zerbrach|brich|breche|brechen|bricht|"
            "gebrochen|zerschlage|zerschlagen|zerschlag|zerschlägt|zerschmettere|zerschmettern|zerschmettert|"
            "zertrümmere|zertrümmern|zertrümmert|kaputtmachen|kaputtgemacht|kaputt machen|kaputtschlagen|"
            "kaputtgeschlagen|knacke|knacken|knack|geknackt|aufschlagen|zerstöre|zerstören|zerstört|"
            "mache ... kaputt|mach ... kaputt|machen ... kaputt|macht ... kaputt|schlage ... kaputt|"
            "schlag ... kaputt|schlagen ... kaputt|schlägt ... kaputt|schlage ... auf|schlag ... auf|"
            "schlagen ... auf|schlägt ... auf"
        ),
        "cook": (
            "koche|kochen|koch|kocht|gekocht|brate|braten|brat|brät|gebraten|gare|garen|gart|gegart|erhitze|"
            "erhitzen|erhitz|erhitzt|erwärme|erwärmen|erwärmt|aufwärmen|aufgewärmt|backe|backen|back|backt|"
            "gebacken|röste|rösten|röst|röstet|geröstet|toaste|toasten|toastet|getoastet|zubereiten|"
            "zubereitet|wärme ... auf|wärm ... auf|wärmen ... auf|bereite ... zu|bereit ... zu|"
            "bereiten ... zu"
        ),
        "dirty": (
            "verschmutze|verschmutzen|verschmutz|verschmutzt|beschmutze|beschmutzen|beschmutzt|verdrecke|"
            "verdrecken|verdreckt|verunreinige|verunreinigen|verunreinigt|beflecke|beflecken|befleckt|"
            "schmutzig machen|schmutzig gemacht|dreckig machen|dreckig gemacht|mache ... schmutzig|"
            "mach ... schmutzig|machen ... schmutzig|macht ... schmutzig|mache ... dreckig|mach ... dreckig|"
            "machen ... dreckig|macht ... dreckig"
        ),
        "clean": (
            "reinige|reinigen|reinig|reinigt|gereinigt|säubere|säubern|säuber|säubert|gesäubert|putze|putzen|"
            "putz|putzt|geputzt|wasche|waschen|wasch|wäscht|gewaschen|wische|wischen|wisch|wischt|gewischt|"
            "abwischen|abgewischt|spülen|gespült|abspülen|abgespült|ausspülen|ausgespült|abwaschen|"
            "abgewaschen|schrubbe|schrubben|schrubb|geschrubbt|sauber machen|saubermachen|sauber gemacht|"
            "saubergemacht|mache ... sauber|mach ... sauber|machen ... sauber|macht ... sauber|wische ... ab|"
            "wisch ... ab|wischen ... ab|wischt ... ab|wasche ... ab|wasch ... ab|waschen ... ab|"
            "wäscht ... ab|spüle ... aus|spül ... aus|spülen ... aus|spült ... aus"
        ),
        "fillLiquid": (
            "fülle|füllen|füll|füllt|gefüllt|befülle|befüllen|befüll|befüllt|auffüllen|aufgefüllt|"
            "einschenken|eingeschenkt|fülle ... auf|füll ... auf|füllen ... auf|füllt ... auf|"
            "schenke ... ein|schenk ... ein|schenken ... ein"
        ),
        "emptyLiquid": (
            "leere|leeren|leert|geleert|entleere|entleeren|entleer|entleert|ausleeren|ausgeleert|auskippen|"
            "ausgekippt|ausschütten|ausgeschüttet|leere ... aus|leer ... aus|leeren ... aus|leert ... aus|"
            "kippe ... aus|kipp ... aus|kippen ... aus|kippt ... aus|schütte ... aus|schütt ... aus|"
            "schütten ... aus|schüttet ... aus"
        ),
        "pour": (
            "gieße|gießen|gieß|gießt|gegossen|goss|giesse|giessen|giess|schütte|schütten|schütt|schüttet|"
            "geschüttet|kippe|kippen|kipp|kippt|gekippt|verschütte|verschütten|verschüttet"
        ),
    },
    nouns={
        "AlarmClock": "Wecker|Uhr|Weckuhr|Radiowecker|Wanduhr",
        "AluminumFoil": "Alufolie|Aluminiumfolie|Folie|Alu-Folie",
        "Apple": "Apfel|Äpfel",
        "AppleSliced": (
            "Apfelscheibe|Apfelstück|Apfelstücke|Apfelschnitz|Apfelspalte|Scheibe Apfel|Apfelscheiben|"
            "Apfelstückchen|geschnittene Apfel|geschnittenen Apfel|geschnittener Apfel|geschnittenes Apfel|"
            "geschnittenem Apfel|geschnittene Äpfel|geschnittenen Äpfel|geschnittener Äpfel|"
            "geschnittenes Äpfel|geschnittenem Äpfel|aufgeschnittene Apfel|aufgeschnittenen Apfel|"
            "aufgeschnittener Apfel|aufgeschnittenes Apfel|aufgeschnittenem Apfel"
        ),
        "ArmChair": "Sessel|Lehnsessel|Ohrensessel|Polstersessel",
        "BaseballBat": "Baseballschläger|Baseballkeule|Schlagholz",
        "BasketBall": "Basketball|Ball",
        "Bathtub": "Badewanne|Wanne",
        "BathtubBasin": "Badewannenbecken|Wannenbecken",
        "Bed": "Bett",
        "Blinds": "Jalousie|Jalousien|Rollo|Rollladen|Rolladen|Jalousette",
        "Book": "Buch|Bücher",
        "Boots": "Stiefel|Schuhe|Stiefeln",
        "Bottle": "Flasche",
        "Bowl": "Schüssel|Schale|Müslischale|Schuessel|Salatschüssel",
        "Box": "Box|Kiste|Karton|Schachtel",
        "Bread": "Brot|Brotlaib|Laib",
        "BreadSliced": (
            "Brotscheibe|Scheibe Brot|Toastscheibe|Toast|Toastbrot|Brotscheiben|Stück Brot|geschnittene Brot|"
            "geschnittenen Brot|geschnittener Brot|geschnittenes Brot|geschnittenem Brot|"
            "aufgeschnittene Brot|aufgeschnittenen Brot|aufgeschnittener Brot|aufgeschnittenes Brot|"
            "aufgeschnittenem Brot"
        ),
        "ButterKnife": "Buttermesser|Streichmesser",
        "CD": "CD|Compact Disc|CD-ROM|Disc",
        "Cabinet": (
            "Schrank|Schranktür|Küchenschrank|Hängeschrank|Unterschrank|Schränkchen|Wandschrank|Oberschrank"
        ),
        "Candle": "Kerze",
        "CellPhone": "Handy|Mobiltelefon|Smartphone|Telefon",
        "Chair": "Stuhl|Stühle",
        "Cloth": "Tuch|Lappen|Putztuch|Putzlappen|Stofftuch|Wischtuch|Geschirrtuch",
        "CoffeeMachine": "Kaffeemaschine|Kaffeeautomat|Kaffeevollautomat|Espressomaschine",
        "CoffeeTable": "Couchtisch|Wohnzimmertisch|Kaffeetisch|Sofatisch",
        "CounterTop": (
            "Arbeitsplatte|Arbeitsfläche|Küchenarbeitsplatte|Theke|Küchentheke|Tresen|Anrichte|Ablagefläche"
        ),
        "CreditCard": "Kreditkarte|Karte|Bankkarte|EC-Karte",
        "Cup": "Tasse|Glas|Trinkglas|Wasserglas|Gläser",
        "Curtains": "Vorhang|Vorhänge|Gardine|Gardinen",
        "Desk": "Schreibtisch",
        "DeskLamp": "Schreibtischlampe|Tischlampe|Lampe|Leselampe|Tischleuchte",
        "Desktop": "Desktop|Desktop-Computer|Desktopcomputer|Desktop-PC|PC|Standrechner|Monitor|Bildschirm",
        "DiningTable": "Esstisch|Tisch|Küchentisch|Speisetisch|Esszimmertisch",
        "DishSponge": "Schwamm|Spülschwamm|Küchenschwamm|Abwaschschwamm",
        "DogBed": "Hundebett|Hundekorb|Hundekissen",
        "Drawer": "Schublade|Schubfach|Schubladen",
        "Dresser": "Kommode",
        "Dumbbell": "Hantel|Kurzhantel",
        "Egg": "Ei|Eier",
        "EggCracked": (
            "Rührei|Spiegelei|aufgeschlagene Ei|aufgeschlagenen Ei|aufgeschlagener Ei|aufgeschlagenes Ei|"
            "aufgeschlagenem Ei|zerbrochene Ei|zerbrochenen Ei|zerbrochener Ei|zerbrochenes Ei|"
            "zerbrochenem Ei|geknackte Ei|geknackten Ei|geknackter Ei|geknacktes Ei|geknacktem Ei|"
            "gebrochene Ei|gebrochenen Ei|gebrochener Ei|gebrochenes Ei|gebrochenem Ei|kaputte Ei|"
            "kaputten Ei|kaputter Ei|kaputtes Ei|kaputtem Ei"
        ),
        "Faucet": "Wasserhahn|Hahn|Armatur|Wasserhähne",
        "Floor": "Boden|Fußboden|Fussboden",
        "FloorLamp": "Stehlampe|Standlampe|Bodenlampe|Stehleuchte",
        "Footstool": "Fußhocker|Fußbank|Fußschemel|Schemel|Fusshocker|Fußstütze",
        "Fork": "Gabel",
        "Fridge": "Kühlschrank|Kuehlschrank|Kühlschränke|Kühlschranktür",
        "GarbageBag": "Müllbeutel|Müllsack|Mülltüte|Abfallbeutel|Abfallsack",
        "GarbageCan": (
            "Mülleimer|Abfalleimer|Mülltonne|Papierkorb|Abfallbehälter|Müll|Abfall|Muelleimer|Abfallkorb"
        ),
        "HandTowel": (
            "Gästehandtuch|Händehandtuch|Handtüchlein|kleine Handtuch|kleinen Handtuch|kleiner Handtuch|"
            "kleines Handtuch|kleinem Handtuch"
        ),
        "HandTowelHolder": "Handtuchring|Gästehandtuchhalter|Handtuchhalterung",
        "HousePlant": "Zimmerpflanze|Pflanze|Topfpflanze|Blume|Blumentopf|Zimmerpflanzen",
        "Kettle": "Wasserkocher|Kessel|Teekessel|Wasserkessel",
        "KeyChain": "Schlüsselbund|Schlüsselanhänger|Schlüssel",
        "Knife": "Messer|Küchenmesser|Kochmesser",
        "Ladle": "Schöpfkelle|Kelle|Suppenkelle|Schöpflöffel",
        "Laptop": "Laptop|Notebook|Computer|Rechner",
        "LaundryHamper": "Wäschekorb|Wäschesammler|Wäschetruhe|Wäschetonne",
        "Lettuce": "Salat|Kopfsalat|Salatkopf|Eisbergsalat",
        "LettuceSliced": (
            "Salatblatt|Salatblätter|Salatstück|Salatstücke|geschnittene Salat|geschnittenen Salat|"
            "geschnittener Salat|geschnittenes Salat|geschnittenem Salat"
        ),
        "LightSwitch": "Lichtschalter|Schalter|Licht|Beleuchtung",
        "Microwave": "Mikrowelle|Mikrowellenherd|Mikrowellengerät|Mikrowellenofen|Mikrowellentür",
        "Mirror": "Spiegel",
        "Mug": "Becher|Kaffeebecher|Kaffeetasse|Henkelbecher|Teebecher|Teetasse",
        "Newspaper": "Zeitung|Tageszeitung",
        "Ottoman": "Ottomane|Polsterhocker|Pouf|Puff|Sitzpuff|Sitzhocker",
        "Painting": "Gemälde|Bild|Wandbild",
        "Pan": "Pfanne|Bratpfanne",
        "PaperTowelRoll": (
            "Küchenrolle|Papiertuchrolle|Küchenpapier|Papiertücher|Papiertuch|Papierhandtücher|"
            "Papierhandtuch|Papierhandtuchrolle|Küchenpapierrolle"
        ),
        "Pen": "Kugelschreiber|Stift|Kuli|Füller|Füllfederhalter|Kugelschreibers",
        "Pencil": "Bleistift",
        "PepperShaker": "Pfefferstreuer|Pfeffermühle|Pfefferstreuers",
        "Pillow": "Kissen|Kopfkissen|Sofakissen",
        "Plate": "Teller",
        "Plunger": "Pümpel|Pömpel|Saugglocke|Abflusspumpe|Klempnerpumpe|Saugpumpe",
        "Poster": "Poster|Plakat",
        "Pot": "Topf|Kochtopf|Töpfe|Suppentopf",
        "Potato": "Kartoffel",
        "PotatoSliced": (
            "Kartoffelscheibe|Kartoffelscheiben|Kartoffelstück|Kartoffelstücke|Scheibe Kartoffel|"
            "geschnittene Kartoffel|geschnittenen Kartoffel|geschnittener Kartoffel|geschnittenes Kartoffel|"
            "geschnittenem Kartoffel|geschnittene Kartoffeln|geschnittenen Kartoffeln|"
            "geschnittener Kartoffeln|geschnittenes Kartoffeln|geschnittenem Kartoffeln"
        ),
        "RemoteControl": "Fernbedienung",
        "RoomDecor": "Dekoration|Deko|Raumdekoration|Dekoobjekt|Dekorationsstück|Dekoartikel|Zierde",
        "Safe": "Safe|Tresor|Geldschrank",
        "SaltShaker": "Salzstreuer|Salzfass|Salzstreuers",
        "ScrubBrush": "Scheuerbürste|Bürste|Schrubber|Putzbürste|Toilettenbürste|Klobürste|Wurzelbürste",
        "Shelf": "Regal|Regalbrett|Regalboden|Wandregal|Ablagebrett",
        "ShelvingUnit": "Regaleinheit|Regalsystem|Bücherregal|Standregal|Regalschrank",
        "ShowerCurtain": "Duschvorhang",
        "ShowerDoor": "Duschtür|Duschkabinentür|Duschtuer",
        "ShowerGlass": "Duschglas|Duschwand|Glaswand|Duschglaswand|Duschabtrennung|Duschscheibe",
        "ShowerHead": "Duschkopf|Dusche|Brause|Duschbrause|Regendusche",
        "SideTable": "Beistelltisch|Nachttisch|Nachtschrank|Nachtkästchen|Abstelltisch|Nachttischchen",
        "Sink": "Spüle|Waschbecken|Spülbecken|Küchenspüle|Handwaschbecken|Spuele",
        "SinkBasin": "Becken|Spülbeckenmulde|Waschbeckenmulde|Ausguss",
        "SoapBar": "Seife|Seifenstück|Stück Seife|Seifenriegel",
        "SoapBottle": "Seifenspender|Seifenflasche|Flüssigseife|Spülmittel|Spülmittelflasche|Handseife",
        "Sofa": "Sofa|Couch",
        "Spatula": "Pfannenwender|Spatel|Wender|Teigschaber|Bratenwender",
        "Spoon": "Löffel|Esslöffel|Teelöffel|Suppenlöffel",
        "SprayBottle": "Sprühflasche|Zerstäuber|Spray|Sprühdose|Sprühflaschen",
        "Statue": "Statue|Figur|Skulptur|Statuette",
        "Stool": "Hocker|Barhocker|Küchenhocker",
        "StoveBurner": "Herd|Herdplatte|Kochplatte|Kochfeld|Brenner|Gasbrenner|Gasherd|Kochstelle|Ofen",
        "StoveKnob": "Herdknopf|Herdschalter|Drehknopf|Knopf|Regler|Herdregler|Drehregler|Herdknöpfe",
        "TVStand": (
            "Fernsehtisch|TV-Ständer|Fernsehschrank|TV-Schrank|Fernsehkommode|Lowboard|TV-Tisch|"
            "Fernsehständer|TV-Möbel|Fernsehmöbel"
        ),
        "TableTopDecor": "Tischdekoration|Tischdeko|Tischschmuck|Tischdekor",
        "TargetCircle": "Zielscheibe|Zielkreis|Ziel",
        "TeddyBear": "Teddybär|Teddy|Kuscheltier|Plüschbär|Stofftier|Teddybaer",
        "Television": "Fernseher|Fernsehgerät|Fernsehen|TV",
        "TennisRacket": "Tennisschläger|Schläger|Tennisschlaeger",
        "TissueBox": (
            "Taschentuchbox|Taschentücherbox|Kosmetiktuchbox|Taschentücher|Taschentuch|Kleenex|Tücherbox|"
            "Taschentuchschachtel|Kosmetiktücher"
        ),
        "Toaster": "Toaster",
        "Toilet": "Toilette|Klo|WC|Klosett|Kloschüssel|Toilettenschüssel",
        "ToiletPaper": "Toilettenpapier|Klopapier|Toilettenpapierrolle|Klopapierrolle|Klorolle",
        "ToiletPaperHanger": (
            "Toilettenpapierhalter|Klopapierhalter|Papierhalter|Klorollenhalter|Papierrollenhalter"
        ),
        "Tomato": "Tomate",
        "TomatoSliced": (
            "Tomatenscheibe|Tomatenscheiben|Tomatenstück|Tomatenstücke|Scheibe Tomate|geschnittene Tomate|"
            "geschnittenen Tomate|geschnittener Tomate|geschnittenes Tomate|geschnittenem Tomate|"
            "geschnittene Tomaten|geschnittenen Tomaten|geschnittener Tomaten|geschnittenes Tomaten|"
            "geschnittenem Tomaten"
        ),
        "Towel": "Handtuch|Badetuch|Duschtuch|Badehandtuch|Handtücher",
        "TowelHolder": "Handtuchhalter|Handtuchstange|Handtuchhaken|Handtuchständer",
        "VacuumCleaner": "Staubsauger|Sauger",
        "Vase": "Vase|Blumenvase",
        "Watch": "Armbanduhr",
        "WateringCan": "Gießkanne|Giesskanne|Gießkannen",
        "Window": "Fenster",
        "WineBottle": "Weinflasche|Flasche Wein|Weinflaschen",
    },
    liquids={
        "water": "Wasser|Wassers|Leitungswasser",
        "wine": "Wein|Weins|Rotwein|Weißwein",
        "coffee": "Kaffee|Kaffees",
    },
    fillers=(
        "zurück|der|die|das|den|dem|des|ein|eine|einen|einem|einer|eines|in|im|ins|an|am|ans|auf|aufs|aus|vom|von|"
        "zu|zum|zur|mit|bei|beim|neben|unter|über|vor|hinter|zwischen|nach|durch|gegen|und|dann|danach|"
        "anschließend|anschliessend|daraufhin|zuerst|zunächst|erst|als erstes|schließlich|abschließend|"
        "zuletzt|endlich|nun|jetzt|erneut|wieder|nochmals|nochmal|noch einmal|vorsichtig|behutsam|langsam|"
        "sanft|kräftig|fest|schnell|sorgfältig|bitte|ich|wir|sie|du|es|ihn|ihm|mich|dich|sich|mir|dir|sein|"
        "seine|seinen|seinem|ihr|ihre|ihren|ihrem|dein|deine|deinen|diesen|diese|dieses|dieser|diesem|hinein|"
        "herein|heraus|hinaus|hin|her|hinüber|herüber|rüber|rein|raus|darauf|darin|drauf|drin|hinauf|herauf|"
        "herunter|hinunter|runter|nach unten|nach oben|in Scheiben|in Stücke|in Stücken|in kleine Stücke|"
        "in Würfel|in zwei Hälften|in Hälften|werde|wird|werden|habe|hat|haben|Tür|Türe|Deckel|Klappe|um|"
        "etwas|mal|einmal|dort|dorthin|hier|ganz|komplett|vollständig|direkt"
    ),
    endings="e|en|n|s|es|er|ern|ns",
    destinations="in|ins|im|auf|aufs|an|ans|am|hinein|unter|neben|zwischen",
    step_words="schritt",
    spaced=True,
)
