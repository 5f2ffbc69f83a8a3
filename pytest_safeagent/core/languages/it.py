"""Italian words for plan steps: the 17 actions, the object types, the liquids."""

from pytest_safeagent.core.languages.vocabulary import Vocabulary

VOCABULARY = Vocabulary(
    code="it",
    name="Italian",
    verbs={
        "find": (
            "trovare|trova|trovi|trovate|trovo|troverò|trovato|trovata|trovalo|trovala|cercare|cerca|cerchi|"
            "cercate|cerco|cercherò|cercato|cercata|cercalo|cercala|localizzare|localizza|localizzi|"
            "localizzate|localizzo|localizzerò|localizzato|individuare|individua|individui|individuo|"
            "individuerò|individuato|andare|vai|vada|andate|vado|andrò|andato|andata|raggiungere|raggiungi|"
            "raggiunga|raggiungete|raggiungo|raggiungerò|raggiunto|dirigersi|dirigiti|si diriga|dirigetevi|"
            "mi dirigo|mi dirigerò|avvicinarsi|avvicinati|si avvicini|mi avvicino|mi avvicinerò|recarsi|"
            "recati|si rechi|mi reco|spostarsi|spostati|si sposti|mi sposto|navigare|naviga|navighi|navigo|"
            "navigherò|camminare|cammina|cammini|cammino"
        ),
        "pick": (
            "prendere|prendi|prenda|prendete|prendo|prenderò|preso|presa|prendilo|prendila|raccogliere|"
            "raccogli|raccolga|raccogliete|raccolgo|raccoglierò|raccolto|raccolta|raccoglilo|raccoglila|"
            "afferrare|afferra|afferri|afferrate|afferro|afferrerò|afferrato|afferrata|afferralo|afferrala|"
            "sollevare|solleva|sollevi|sollevate|sollevo|solleverò|sollevato|sollevata|prelevare|preleva|"
            "prelevi|prelevo|prelevato|impugnare|impugna|impugni|impugno|tirare fuori|tira fuori|tiri fuori|"
            "tiro fuori|estrarre|estrai|estragga|estraggo|estratto"
        ),
        "put": (
            "mettere|metti|metta|mettete|metto|metterò|messo|messa|mettilo|mettila|posare|posa|posi|poso|"
            "poserò|posato|posalo|posala|collocare|colloca|collochi|collocate|colloco|collocherò|collocato|"
            "collocata|posizionare|posiziona|posizioni|posizionate|posiziono|posizionerò|posizionato|"
            "posizionata|inserire|inserisci|inserisca|inserite|inserisco|inserirò|inserito|inserita|riporre|"
            "riponi|riponga|riponete|ripongo|riporrò|riposto|riposta|appoggiare|appoggia|appoggi|appoggiate|"
            "appoggio|appoggerò|appoggiato|appoggiata|sistemare|sistema|sistemi|sistemate|sistemo|sistemerò|"
            "sistemato|lasciare|lascia|lasci|lasciate|lascio|lascerò|lasciato|lasciata|introdurre|introduci|"
            "introduca|introduco|introdotto|rimettere|rimetti|rimetta|rimetto|rimesso"
        ),
        "open": "aprire|apri|apra|aprite|apro|aprirò|aperto|aperta|aprilo|aprila|riaprire|riapri",
        "close": (
            "chiudere|chiudi|chiuda|chiudete|chiudo|chiuderò|chiuso|chiusa|chiudilo|chiudila|richiudere|"
            "richiudi|richiuda"
        ),
        "slice": (
            "tagliare|taglia|tagli|tagliate|taglio|taglierò|tagliato|tagliata|taglialo|tagliala|affettare|"
            "affetta|affetti|affettate|affetto|affetterò|affettato|affettata|affettalo|affettala|tritare|"
            "trita|triti|trito|tritato|sminuzzare|sminuzza|sminuzzo|tagliuzzare|tagliuzza"
        ),
        "turn_on": (
            "accendere|accendi|accenda|accendete|accendo|accenderò|acceso|accesa|accendilo|accendila|"
            "attivare|attiva|attivi|attivate|attivo|attiverò|attivato|attivata|azionare|aziona|azioni|"
            "azionate|aziono|azionerò|azionato|avviare|avvia|avvii|avviate|avvio|avvierò|avviato|avviata|"
            "mettere in funzione|metti in funzione|metta in funzione|metto in funzione|messo in funzione|"
            "far partire|fai partire|faccia partire"
        ),
        "turn_off": (
            "spegnere|spegni|spenga|spegnete|spengo|spegnerò|spento|spenta|spegnilo|spegnila|disattivare|"
            "disattiva|disattivi|disattivate|disattivo|disattiverò|disattivato|disattivata|fermare|ferma|"
            "fermate|fermato|arrestare|arresta|arresti|arresto|staccare|stacca|stacchi|stacco"
        ),
        "drop": (
            "lasciar cadere|lasciare cadere|lascia cadere|lasci cadere|lasciate cadere|lascio cadere|"
            "lascerò cadere|lasciato cadere|lascialo cadere|lasciala cadere|far cadere|fare cadere|"
            "fai cadere|faccia cadere|faccio cadere|farò cadere|fatto cadere|mollare|molla|molli|mollate|"
            "mollo|mollerò|mollato|sganciare|sgancia|sganci|sgancio"
        ),
        "throw": (
            "lanciare|lancia|lanci|lanciate|lancio|lancerò|lanciato|lanciata|lancialo|lanciala|gettare|getta|"
            "getti|gettate|getto|getterò|gettato|gettata|gettalo|gettala|buttare|butta|butti|buttate|butto|"
            "butterò|buttato|buttata|buttalo|buttala|scagliare|scaglia|scagli|scaglio|scagliato"
        ),
        "break": (
            "rompere|rompi|rompa|rompete|rompo|romperò|rotto|rotta|rompilo|rompila|spaccare|spacca|spacchi|"
            "spaccate|spacco|spaccherò|spaccato|spaccata|frantumare|frantuma|frantumi|frantumo|frantumato|"
            "distruggere|distruggi|distrugga|distruggo|distrutto|infrangere|infrangi|infranga|infrango|"
            "infranto|fracassare|fracassa|fracasso|schiacciare|schiaccia|schiacci|schiaccio|"
            "rompere in mille pezzi"
        ),
        "cook": (
            "cuocere|cuoci|cuocia|cuocete|cuocio|cuocerò|cotto|cotta|cuocilo|cuocila|cucinare|cucini|"
            "cucinate|cucino|cucinerò|cucinato|cucinata|friggere|friggi|frigga|friggo|friggerò|fritto|fritta|"
            "scaldare|scalda|scaldi|scaldate|scaldo|scalderò|scaldato|scaldata|riscaldare|riscalda|riscaldi|"
            "riscaldate|riscaldo|riscalderò|riscaldato|riscaldata|bollire|bolli|bollo|bollito|far bollire|"
            "fai bollire|tostare|tosta|tosti|tosto|tostato|tostata|arrostire|arrostisci|arrostito|grigliare|"
            "griglia|grigli|grigliato|far cuocere|fai cuocere|faccia cuocere|cuocere al forno"
        ),
        "dirty": (
            "sporcare|sporca|sporchi|sporcate|sporco|sporcherò|sporcato|sporcata|macchiare|macchia|macchi|"
            "macchio|macchiato|macchiata|insudiciare|insudicia"
        ),
        "clean": (
            "pulire|pulisci|pulisca|pulite|pulisco|pulirò|pulito|pulita|puliscilo|puliscila|lavare|lava|lavi|"
            "lavate|lavo|laverò|lavato|lavata|lavalo|lavala|sciacquare|sciacqua|sciacqui|sciacquo|sciacquato|"
            "risciacquare|risciacqua|risciacqui|strofinare|strofina|strofini|strofino|strofinato|asciugare|"
            "asciuga|asciughi|asciugo|igienizzare|igienizza"
        ),
        "fillLiquid": (
            "riempire|riempi|riempia|riempite|riempio|riempirò|riempito|riempita|riempilo|riempila|colmare|"
            "colma"
        ),
        "emptyLiquid": (
            "svuotare|svuota|svuoti|svuotate|svuoto|svuoterò|svuotato|svuotata|svuotalo|svuotala|vuotare|"
            "vuota|vuoti|vuotato"
        ),
        "pour": (
            "versare|versa|versi|versate|verserò|versato|versata|versalo|versala|rovesciare|rovescia|rovesci|"
            "rovescio|rovesciato|travasare|travasa|servire|servi|serva|servo|servito"
        ),
    },
    nouns={
        "AlarmClock": "sveglia|orologio|radiosveglia|orologio sveglia|orologio da parete|orologio da tavolo",
        "AluminumFoil": (
            "carta stagnola|stagnola|carta d' alluminio|carta alluminio|carta di alluminio|"
            "foglio di alluminio|foglio d' alluminio|alluminio"
        ),
        "Apple": "mela",
        "AppleSliced": (
            "fetta di mela|fette di mela|mela affettata|mela tagliata|mele tagliate|spicchio di mela|"
            "spicchi di mela|pezzo di mela|pezzi di mela"
        ),
        "ArmChair": "poltrona",
        "BaseballBat": "mazza da baseball|mazza",
        "BasketBall": (
            "pallone da basket|palla da basket|pallone da pallacanestro|palla da pallacanestro|pallone|palla"
        ),
        "Bathtub": "vasca da bagno|vasca",
        "BathtubBasin": "fondo della vasca|interno della vasca|bacino della vasca|catino della vasca",
        "Bed": "letto",
        "Blinds": "tapparella|tapparelle|persiana|persiane|veneziana|veneziane|tende alla veneziana",
        "Book": "libro",
        "Boots": "stivali|stivale|scarponi|stivaletti",
        "Bottle": "bottiglia|flacone|borraccia",
        "Bowl": "ciotola|scodella|insalatiera|ciotolina",
        "Box": "scatola|scatolone|scatolo",
        "Bread": "pane|pagnotta|filone di pane|pane in cassetta|filone|panino",
        "BreadSliced": (
            "fetta di pane|fette di pane|pane affettato|pane tagliato|toast|pane tostato|fetta biscottata|"
            "pezzo di pane|pezzi di pane"
        ),
        "ButterKnife": (
            "coltello da burro|coltello per il burro|coltello da tavola|spalmaburro|coltello per burro"
        ),
        "CD": "cd|compact disc|disco",
        "Cabinet": (
            "armadietto|mobile|credenza|pensile|armadio|mobiletto|dispensa|mobile della cucina|armadietti"
        ),
        "Candle": "candela",
        "CellPhone": "cellulare|telefono|telefonino|smartphone|telefono cellulare",
        "Chair": "sedia",
        "Cloth": "panno|straccio|strofinaccio|tessuto|canovaccio|pezza|panno di stoffa",
        "CoffeeMachine": (
            "macchina del caffè|macchina da caffè|macchinetta del caffè|macchinetta da caffè|caffettiera|"
            "moka|macchina per il caffè|macchina per caffè|macchina espresso|macchina del caffe"
        ),
        "CoffeeTable": "tavolino|tavolino da caffè|tavolino da salotto|tavolino basso|tavolino del salotto",
        "CounterTop": (
            "piano di lavoro|bancone|piano della cucina|banco della cucina|top della cucina|"
            "superficie di lavoro|piano cucina|bancone della cucina"
        ),
        "CreditCard": "carta di credito|tessera|bancomat|carta bancomat|carta di debito",
        "Cup": "bicchiere|coppa|calice|bicchiere di vetro|bicchierino",
        "Curtains": "tende|tenda|tendaggi|tendine|tendina",
        "Desk": "scrivania",
        "DeskLamp": "lampada|lampada da scrivania|lampada da tavolo|abat-jour|lume",
        "Desktop": "computer fisso|pc fisso|computer desktop|desktop|pc desktop|computer da scrivania",
        "DiningTable": (
            "tavolo|tavola|tavolo da pranzo|tavolo della cucina|tavolo da cucina|tavola da pranzo|"
            "tavolo della sala da pranzo"
        ),
        "DishSponge": (
            "spugna|spugnetta|spugna per i piatti|spugna per piatti|spugna da cucina|spugnetta per i piatti"
        ),
        "DogBed": (
            "cuccia|cuccia per cani|cuccia del cane|letto per cani|letto del cane|lettino per cani|"
            "lettino del cane|cuscino per cani|cuscino del cane"
        ),
        "Drawer": "cassetto",
        "Dresser": "comò|cassettiera|como",
        "Dumbbell": "manubrio|manubri|pesi|peso|pesetto|pesetti",
        "Egg": "uovo|uova",
        "EggCracked": (
            "uovo rotto|uova rotte|uovo spaccato|uovo incrinato|uovo crepato|uova spaccate|uovo sgusciato"
        ),
        "Faucet": "rubinetto|miscelatore",
        "Floor": "pavimento|terra|suolo",
        "FloorLamp": "lampada da terra|piantana|lampada a stelo|lampada da pavimento",
        "Footstool": "poggiapiedi|sgabellino|sgabello basso|panchetto",
        "Fork": "forchetta",
        "Fridge": "frigorifero|frigo|frigidaire",
        "GarbageBag": (
            "sacco della spazzatura|sacchetto della spazzatura|sacco dell' immondizia|"
            "sacchetto dell' immondizia|sacchetto dei rifiuti|sacco dei rifiuti|sacco per i rifiuti|"
            "sacco nero|busta della spazzatura|sacco della pattumiera"
        ),
        "GarbageCan": (
            "cestino|pattumiera|secchio della spazzatura|bidone della spazzatura|spazzatura|immondizia|"
            "cestino della spazzatura|cestino dei rifiuti|bidone|rifiuti|secchio dell' immondizia|"
            "bidone dell' immondizia|bidone dei rifiuti|cestino dell' immondizia|pattumiera della cucina"
        ),
        "HandTowel": (
            "asciugamano per le mani|asciugamano piccolo|asciugamani per le mani|salvietta|"
            "asciugamano da mano|asciugamano per mani|asciugamano da ospite"
        ),
        "HandTowelHolder": (
            "porta asciugamano per le mani|portasciugamani per le mani|anello portasciugamani|"
            "anello porta asciugamani|porta salviette|portasalviette|porta asciugamani da mano"
        ),
        "HousePlant": (
            "pianta|pianta da appartamento|pianta d' appartamento|pianta in vaso|piantina|pianta da interno|"
            "pianta ornamentale"
        ),
        "Kettle": "bollitore|teiera|bollitore elettrico|bricco",
        "KeyChain": "portachiavi|chiavi|mazzo di chiavi|chiave|porta chiavi",
        "Knife": "coltello",
        "Ladle": "mestolo|ramaiolo|mestolo da cucina|mestolo per zuppa",
        "Laptop": "portatile|computer portatile|computer|laptop|notebook|pc portatile|pc",
        "LaundryHamper": (
            "cesto della biancheria|cesto dei panni sporchi|cesto della biancheria sporca|portabiancheria|"
            "cesta della biancheria|cesto per la biancheria|cesto dei panni|cesto|cesta|cesto del bucato"
        ),
        "Lettuce": "lattuga|insalata",
        "LettuceSliced": (
            "foglia di lattuga|foglie di lattuga|lattuga tagliata|lattuga affettata|pezzo di lattuga|"
            "pezzi di lattuga|fetta di lattuga|fette di lattuga|insalata tagliata|foglia d' insalata|"
            "foglie d' insalata|foglia di insalata|foglie di insalata"
        ),
        "LightSwitch": "interruttore|interruttore della luce|luce|luci|interruttore luce",
        "Microwave": "microonde|forno a microonde|forno microonde|microonda",
        "Mirror": "specchio",
        "Mug": "tazza|tazzona|boccale|mug|tazza da caffè|tazzina|tazza grande|tazza da tè",
        "Newspaper": "giornale|quotidiano",
        "Ottoman": "pouf|puff|ottomana|pouff",
        "Painting": "quadro|dipinto|pittura|tela dipinta",
        "Pan": "padella|tegame|padella antiaderente|padella da cucina|padellino",
        "PaperTowelRoll": (
            "rotolo di carta assorbente|carta assorbente|rotolo di carta|carta da cucina|scottex|"
            "rotolo di carta da cucina|rotolo di scottex"
        ),
        "Pen": "penna|biro|penna a sfera",
        "Pencil": "matita|lapis",
        "PepperShaker": "pepiera|macinapepe|macina pepe|pepe|spargipepe|porta pepe",
        "Pillow": "cuscino|guanciale",
        "Plate": "piatto",
        "Plunger": "sturalavandini|sturacessi|ventosa|stura|sturalavandino|sturawater",
        "Poster": "poster|manifesto|locandina|cartellone",
        "Pot": "pentola|casseruola|pentolino|pignatta|pentola a pressione",
        "Potato": "patata",
        "PotatoSliced": (
            "fetta di patata|fette di patata|patata affettata|patata tagliata|patate tagliate|"
            "patate affettate|pezzo di patata|pezzi di patata|spicchio di patata|spicchi di patata"
        ),
        "RemoteControl": "telecomando|comando a distanza|telecomando della tv",
        "RoomDecor": "decorazione|oggetto decorativo|soprammobile|decorazione della stanza|ornamento|addobbo",
        "Safe": "cassaforte|cassetta di sicurezza",
        "SaltShaker": "saliera|sale|spargisale|porta sale",
        "ScrubBrush": (
            "spazzola|spazzolone|spazzola per strofinare|scopino|spazzola per pulire|spazzolino|"
            "spazzola per piatti"
        ),
        "Shelf": "mensola|scaffale|ripiano|mensola a muro|mensolina",
        "ShelvingUnit": (
            "scaffalatura|libreria|unità di scaffalatura|scaffalature|scaffale a ripiani|mobile a giorno"
        ),
        "ShowerCurtain": (
            "tenda della doccia|tenda da doccia|tendina della doccia|tendina da doccia|tenda doccia"
        ),
        "ShowerDoor": "porta della doccia|porta doccia|anta della doccia|box doccia|porta del box doccia",
        "ShowerGlass": (
            "vetro della doccia|vetro doccia|parete della doccia|cristallo della doccia|vetro del box doccia"
        ),
        "ShowerHead": "doccia|soffione|soffione della doccia|doccino|soffione doccia",
        "SideTable": (
            "comodino|tavolino laterale|tavolino da notte|tavolino d' appoggio|tavolino di servizio|"
            "tavolino di lato"
        ),
        "Sink": "lavandino|lavello|lavabo|acquaio",
        "SinkBasin": (
            "vasca del lavello|vasca del lavandino|bacino del lavandino|bacino del lavello|catino|"
            "conca del lavandino|interno del lavandino|interno del lavello|vaschetta del lavello"
        ),
        "SoapBar": "sapone|saponetta|pezzo di sapone|sapone solido",
        "SoapBottle": (
            "flacone di sapone|bottiglia di sapone|sapone liquido|dispenser di sapone|dosatore di sapone|"
            "flacone del sapone|dispenser del sapone|flacone di sapone liquido"
        ),
        "Sofa": "divano|sofà|canapè|sofa",
        "Spatula": "spatola|paletta",
        "Spoon": "cucchiaio|cucchiaino|cucchiai",
        "SprayBottle": (
            "spruzzino|flacone spray|spray|nebulizzatore|vaporizzatore|bottiglia spray|flacone nebulizzatore|"
            "spruzzatore"
        ),
        "Statue": "statua|statuetta|scultura|figurina",
        "Stool": "sgabello",
        "StoveBurner": (
            "fornello|fornelli|piano cottura|bruciatore|bruciatori|fuoco|fuochi|piastra|piano a induzione|"
            "cucina a gas|piastra elettrica|fornello a gas|piano di cottura"
        ),
        "StoveKnob": (
            "manopola|manopola del fornello|manopola del gas|manopola della cucina|"
            "manopola del piano cottura|manopole|manopola dei fornelli|manopola della piastra|"
            "manopola del fuoco|pomello del fornello"
        ),
        "TVStand": (
            "mobile tv|mobile della tv|mobile porta tv|porta tv|mobiletto tv|supporto tv|mobile televisione|"
            "mobile della televisione|mobile per la tv|mobile per tv|supporto per la tv|tavolino della tv"
        ),
        "TableTopDecor": (
            "decorazione da tavolo|centrotavola|soprammobile da tavolo|decorazione per tavolo|"
            "decorazione della tavola|decorazione da tavola"
        ),
        "TargetCircle": "bersaglio|cerchio bersaglio|cerchio di destinazione|cerchio obiettivo",
        "TeddyBear": (
            "orsacchiotto|orsetto|orsacchiotto di peluche|peluche|orso di peluche|orsetto di peluche"
        ),
        "Television": "televisione|televisore|tv|tivù|tivu",
        "TennisRacket": "racchetta da tennis|racchetta",
        "TissueBox": (
            "scatola di fazzoletti|scatola dei fazzoletti|fazzoletti|scatola di fazzolettini|kleenex|"
            "fazzolettini|scatola di kleenex|fazzoletti di carta|scatola dei fazzolettini"
        ),
        "Toaster": "tostapane|tostiera",
        "Toilet": (
            "wc|gabinetto|toilette|tazza del water|tazza del wc|vaso sanitario|water closet|vater|"
            "tazza del gabinetto"
        ),
        "ToiletPaper": "carta igienica|rotolo di carta igienica|rotolo della carta igienica",
        "ToiletPaperHanger": (
            "portarotolo|porta carta igienica|portarotoli|porta rotolo|supporto per carta igienica|"
            "portacarta igienica|porta rotolo di carta igienica|portarotolo della carta igienica"
        ),
        "Tomato": "pomodoro",
        "TomatoSliced": (
            "fetta di pomodoro|fette di pomodoro|pomodoro affettato|pomodoro tagliato|pomodori tagliati|"
            "pomodori affettati|pezzo di pomodoro|pezzi di pomodoro|spicchio di pomodoro|spicchi di pomodoro"
        ),
        "Towel": "asciugamano|telo da bagno|asciugamano da bagno|telo|telo doccia|asciugamani",
        "TowelHolder": (
            "portasciugamani|porta asciugamani|porta asciugamano|portasciugamano|appendiasciugamani|"
            "barra portasciugamani|gancio per asciugamani"
        ),
        "VacuumCleaner": "aspirapolvere|aspiratore",
        "Vase": "vaso|vaso di fiori|vaso per fiori|vaso da fiori",
        "Watch": "orologio da polso|orologino",
        "WateringCan": "annaffiatoio|innaffiatoio|annaffiatoi",
        "Window": "finestra",
        "WineBottle": "bottiglia di vino|bottiglia del vino",
    },
    liquids={
        "water": "acqua",
        "wine": "vino|vino rosso|vino bianco",
        "coffee": "caffè|caffe|caffé",
    },
    fillers=(
        "indietro|il|lo|la|i|gli|le|l'|un|uno|una|un'|del|dello|della|dei|degli|delle|dell'|di|d'|a|al|allo|alla|ai|"
        "agli|alle|all'|ad|da|dal|dallo|dalla|dai|dagli|dalle|dall'|in|nel|nello|nella|nei|negli|nelle|nell'|"
        "su|sul|sullo|sulla|sui|sugli|sulle|sull'|con|col|per|tra|fra|verso|fino a|fino al|fino alla|e|ed|"
        "poi|quindi|dopo|dopodiché|successivamente|prima|innanzitutto|infine|alla fine|finalmente|allora|ora|"
        "adesso|ancora|di nuovo|nuovamente|ancora una volta|un'altra volta|con cura|con attenzione|"
        "attentamente|delicatamente|lentamente|velocemente|rapidamente|con forza|forte|bene|completamente|"
        "per favore|per piacere|suo|sua|suoi|sue|mio|mia|tuo|tua|questo|questa|questi|queste|quel|quello|"
        "quella|quei|quelle|io|ho|dentro|sopra|interno|vicino|vicino a|accanto|accanto a|porta|sportello|"
        "anta|coperchio|a fette|in fette|a pezzi|a pezzetti|in pezzi|a metà|in due|in due parti|a cubetti|"
        "a dadini|a rondelle|a spicchi|a listarelle|in quattro"
    ),
    endings="a|e|i|o",
    destinations=(
        "in|nel|nello|nella|nei|negli|nelle|nell'|su|sul|sullo|sulla|sui|sugli|sulle|sull'|dentro|sopra|"
        "interno"
    ),
    clitics="lo|la|li|le|ne|ci|gli|glielo|gliela",
    step_words="passo|passaggio",
    spaced=True,
)
