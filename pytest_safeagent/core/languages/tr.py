"""Turkish words for plan steps: the 17 actions, the object types, the liquids."""

from pytest_safeagent.core.languages.vocabulary import Vocabulary

VOCABULARY = Vocabulary(
    code="tr",
    name="Turkish",
    verbs={
        "find": (
            "bul|bulun|bulunuz|bulmak|buluyorum|bulacağım|buldum|buldu|bulalım|bulur|ara|arayın|arayınız|"
            "aramak|arıyorum|arayacağım|aradım|arayalım|git|gidin|gidiniz|gitmek|gidiyorum|gideceğim|gittim|"
            "gitti|gidelim|yürü|yürüyün|yürümek|yürüyorum|yürüyeceğim|yürüdüm|ilerle|ilerleyin|ilerlemek|"
            "ilerliyorum|yaklaş|yaklaşın|yaklaşmak|yaklaşıyorum|yaklaşacağım|yaklaştım|yönel|yönelin|"
            "yönelmek|tespit et|tespit edin|tespit etmek|konumunu bul|yerini bul|yerini belirle"
        ),
        "pick": (
            "al|alın|alınız|almak|alıyorum|alacağım|aldım|aldı|alalım|kaldır|kaldırın|kaldırınız|kaldırmak|"
            "kaldırıyorum|kaldıracağım|kaldırdım|kaldıralım|tut|tutun|tutmak|tutuyorum|tutacağım|tuttum|"
            "kavra|kavrayın|kavramak|kavrıyorum|yakala|yakalayın|yakalamak|topla|toplayın|toplamak|çıkar|"
            "çıkarın|çıkarmak|çıkarıyorum|çıkaracağım|çıkardım|eline al|eline alın|ele al|elinize alın"
        ),
        "put": (
            "koy|koyun|koyunuz|koymak|koyuyorum|koyacağım|koydum|koydu|koyalım|yerleştir|yerleştirin|"
            "yerleştiriniz|yerleştirmek|yerleştiriyorum|yerleştireceğim|yerleştirdim|yerleştirelim|bırak|"
            "bırakın|bırakınız|bırakmak|bırakıyorum|bırakacağım|bıraktım|bırakalım|sok|sokun|sokmak|"
            "sokuyorum|sokacağım|soktum|konumlandır|konumlandırın|geri koy|geri koyun|içine koy|içine koyun|"
            "üstüne koy|üzerine koy|üzerine koyun|içine yerleştir|koyma işlemi"
        ),
        "open": (
            "kapağını aç|kapağını açın|kapağını açınız|kapağını açmak|kapısını aç|kapısını açın|"
            "kapısını açmak|kapağı aç|kapağı açın|kapıyı aç|kapıyı açın|arala|aralayın|aralamak|aralıyorum|"
            "araladım|açık hale getir|dışarı çek|dışarı çekin"
        ),
        "close": (
            "kapağını kapat|kapağını kapatın|kapağını kapatmak|kapısını kapat|kapısını kapatın|"
            "kapısını kapatmak|kapağı kapat|kapağı kapatın|kapıyı kapat|kapıyı kapatın|kapağını kapa|"
            "kapısını kapa|kapıyı kapa|kapalı hale getir|içeri it|içeri itin"
        ),
        "open_or_turn_on": "aç|açın|açınız|açmak|açıyorum|açacağım|açtım|açtı|açalım|açar",
        "close_or_turn_off": (
            "kapat|kapatın|kapatınız|kapatmak|kapatıyorum|kapatacağım|kapattım|kapattı|kapatalım|kapa|"
            "kapayın|kapamak|kapıyorum|kapayacağım|kapadım"
        ),
        "slice": (
            "dilimle|dilimleyin|dilimleyiniz|dilimlemek|dilimliyorum|dilimleyeceğim|dilimledim|dilimleyelim|"
            "kes|kesin|kesiniz|kesmek|kesiyorum|keseceğim|kestim|keselim|doğra|doğrayın|doğrayınız|doğramak|"
            "doğruyorum|doğrayacağım|doğradım|doğrayalım|dilimlere ayır|dilimlere ayırın|ikiye böl|"
            "ikiye bölün|böl|bölün|bölmek"
        ),
        "turn_on": (
            "çalıştır|çalıştırın|çalıştırınız|çalıştırmak|çalıştırıyorum|çalıştıracağım|çalıştırdım|"
            "çalıştıralım|yak|yakın|yakınız|yakmak|yakıyorum|yakacağım|yaktım|yakalım|başlat|başlatın|"
            "başlatmak|başlatıyorum|başlatacağım|başlattım|etkinleştir|etkinleştirin|etkinleştirmek|aktif et|"
            "aktif edin|aktifleştir|tutuştur|tutuşturun|açık konuma getir"
        ),
        "turn_off": (
            "söndür|söndürün|söndürünüz|söndürmek|söndürüyorum|söndüreceğim|söndürdüm|söndürelim|durdur|"
            "durdurun|durdurmak|durduruyorum|durduracağım|durdurdum|devre dışı bırak|devre dışı bırakın|"
            "kapalı konuma getir|üfleyerek söndür"
        ),
        "drop": (
            "düşür|düşürün|düşürünüz|düşürmek|düşürüyorum|düşüreceğim|düşürdüm|düşürelim|yere bırak|"
            "yere bırakın|elinden bırak|elinden bırakın|serbest bırak|serbest bırakın|yere düşür|"
            "yere düşürün|elinden düşür"
        ),
        "throw": (
            "fırlat|fırlatın|fırlatınız|fırlatmak|fırlatıyorum|fırlatacağım|fırlattım|fırlatalım|at|atın|"
            "atınız|atmak|atıyorum|atacağım|attım|atalım|savur|savurun|savurmak|fırlatıp at|çöpe at|"
            "çöpe atın"
        ),
        "break": (
            "kır|kırın|kırınız|kırmak|kırıyorum|kıracağım|kırdım|kıralım|parçala|parçalayın|parçalamak|"
            "parçalıyorum|parçalayacağım|parçaladım|paramparça et|paramparça edin|çatlat|çatlatın|çatlatmak|"
            "çatlatıyorum|kır geçir|tuzla buz et"
        ),
        "cook": (
            "pişir|pişirin|pişiriniz|pişirmek|pişiriyorum|pişireceğim|pişirdim|pişirelim|kızart|kızartın|"
            "kızartmak|kızartıyorum|kızartacağım|kızarttım|haşla|haşlayın|haşlamak|haşlıyorum|ısıt|ısıtın|"
            "ısıtmak|ısıtıyorum|ısıtacağım|ısıttım|isıt|isıtın|isıtmak|kaynat|kaynatın|kaynatmak|"
            "kaynatıyorum|fırınla|fırınlayın|ızgara yap|tost yap|pişirme işlemi"
        ),
        "dirty": (
            "kirlet|kirletin|kirletiniz|kirletmek|kirletiyorum|kirleteceğim|kirlettim|kirletelim|lekele|"
            "lekeleyin|lekelemek|pislet|pisletin|kirli yap|kirli hale getir"
        ),
        "clean": (
            "temizle|temizleyin|temizleyiniz|temizlemek|temizliyorum|temizleyeceğim|temizledim|temizleyelim|"
            "yıka|yıkayın|yıkayınız|yıkamak|yıkıyorum|yıkayacağım|yıkadım|yıkayalım|sil|silin|silmek|"
            "siliyorum|sileceğim|sildim|durula|durulayın|durulamak|ov|ovun|ovmak|ovala|ovalayın|arındır|"
            "arındırın"
        ),
        "fillLiquid": (
            "doldur|doldurun|doldurunuz|doldurmak|dolduruyorum|dolduracağım|doldurdum|dolduralım|ile doldur|"
            "ile doldurun"
        ),
        "emptyLiquid": (
            "boşalt|boşaltın|boşaltınız|boşaltmak|boşaltıyorum|boşaltacağım|boşalttım|boşaltalım|"
            "içini boşalt|içini boşaltın|içindekini dök|içindekini boşalt"
        ),
        "pour": (
            "dök|dökün|dökünüz|dökmek|döküyorum|dökeceğim|döktüm|dökelim|akıt|akıtın|akıtmak|boca et|"
            "boca edin|dökme işlemi|sıçrat|sıçratın"
        ),
    },
    nouns={
        "AlarmClock": (
            "saat|çalar saat|alarm saati|duvar saati|saati|çalar saatı|çalar saata|çalar saatta|"
            "çalar saattan|çalar saatın|çalar saatla|çalar saattaki|alarm saatini|alarm saatine|"
            "alarm saatinde|alarm saatinden|alarm saatinin|alarm saatiyle|alarm saatindeki|duvar saatini|"
            "duvar saatine|duvar saatinde|duvar saatinden|duvar saatinin|duvar saatiyle|duvar saatindeki"
        ),
        "AluminumFoil": (
            "folyo|alüminyum folyo|folyoyu|alüminyum folyoyu|alüminyum folyoya|alüminyum folyoda|"
            "alüminyum folyodan|alüminyum folyonun|alüminyum folyoyla|alüminyum folyodaki"
        ),
        "Apple": "elma",
        "AppleSliced": (
            "elma dilimi|elma dilimini|elma dilimine|elma diliminde|elma diliminden|elma diliminin|"
            "elma dilimiyle|elma dilimindeki|elma dilimleri|elma dilimlerini|elma dilimlerine|"
            "elma dilimlerinde|elma dilimlerinden|elma dilimlerinin|elma dilimleriyle|elma dilimlerindeki|"
            "dilimlenmiş elma|dilimlenmiş elmayı|dilimlenmiş elmaya|dilimlenmiş elmada|dilimlenmiş elmadan|"
            "dilimlenmiş elmanın|dilimlenmiş elmayla|dilimlenmiş elmadaki|kesilmiş elma|kesilmiş elmayı|"
            "kesilmiş elmaya|kesilmiş elmada|kesilmiş elmadan|kesilmiş elmanın|kesilmiş elmayla|"
            "kesilmiş elmadaki|doğranmış elma|doğranmış elmayı|doğranmış elmaya|doğranmış elmada|"
            "doğranmış elmadan|doğranmış elmanın|doğranmış elmayla|doğranmış elmadaki|elma parçası|"
            "elma parçasını|elma parçasına|elma parçasında|elma parçasından|elma parçasının|elma parçasıyla|"
            "elma parçasındaki|elma parçaları|elma parçalarını|elma parçalarına|elma parçalarında|"
            "elma parçalarından|elma parçalarının|elma parçalarıyla|elma parçalarındaki"
        ),
        "ArmChair": (
            "koltuk|koltuğu|berjer|tekli koltuk|tekli koltuku|tekli koltuka|tekli koltukta|tekli koltuktan|"
            "tekli koltukun|tekli koltukla|tekli koltuktaki"
        ),
        "BaseballBat": (
            "sopa|beyzbol sopası|beyzbol sopasını|beyzbol sopasına|beyzbol sopasında|beyzbol sopasından|"
            "beyzbol sopasının|beyzbol sopasıyla|beyzbol sopasındaki"
        ),
        "BasketBall": (
            "top|basketbol topu|basketbol topunu|basketbol topuna|basketbol topunda|basketbol topundan|"
            "basketbol topunun|basketbol topuyla|basketbol topundaki"
        ),
        "Bathtub": (
            "küvet|banyo küveti|banyo küvetini|banyo küvetine|banyo küvetinde|banyo küvetinden|"
            "banyo küvetinin|banyo küvetiyle|banyo küvetindeki"
        ),
        "BathtubBasin": (
            "küvet haznesi|küvet haznesini|küvet haznesine|küvet haznesinde|küvet haznesinden|"
            "küvet haznesinin|küvet haznesiyle|küvet haznesindeki|küvet içi|küvet içini|küvet içine|"
            "küvet içinde|küvet içinden|küvet içinin|küvet içiyle|küvet içindeki|küvetin içi|küvetin içini|"
            "küvetin içine|küvetin içinde|küvetin içinden|küvetin içinin|küvetin içiyle|küvetin içindeki"
        ),
        "Bed": "yatak|yatağı",
        "Blinds": (
            "jaluzi|stor|stor perde|panjur|stor perdeyi|stor perdeye|stor perdede|stor perdeden|"
            "stor perdenin|stor perdeyle|stor perdedeki"
        ),
        "Book": "kitap|kitabı",
        "Boots": "bot|botlar|çizme|çizmeler|botları|çizmeleri",
        "Bottle": "şişe",
        "Bowl": "kase|kâse|çanak|kaseyi",
        "Box": (
            "kutu|karton kutu|koli|karton kutuyu|karton kutuya|karton kutuda|karton kutudan|karton kutunun|"
            "karton kutuyla|karton kutudaki"
        ),
        "Bread": "ekmek|ekmeği|somun",
        "BreadSliced": (
            "ekmek dilimi|ekmek dilimini|ekmek dilimine|ekmek diliminde|ekmek diliminden|ekmek diliminin|"
            "ekmek dilimiyle|ekmek dilimindeki|ekmek dilimleri|ekmek dilimlerini|ekmek dilimlerine|"
            "ekmek dilimlerinde|ekmek dilimlerinden|ekmek dilimlerinin|ekmek dilimleriyle|"
            "ekmek dilimlerindeki|dilimlenmiş ekmek|dilimlenmiş ekmeki|dilimlenmiş ekmeke|"
            "dilimlenmiş ekmekte|dilimlenmiş ekmekten|dilimlenmiş ekmekin|dilimlenmiş ekmekle|"
            "dilimlenmiş ekmekteki|kesilmiş ekmek|kesilmiş ekmeki|kesilmiş ekmeke|kesilmiş ekmekte|"
            "kesilmiş ekmekten|kesilmiş ekmekin|kesilmiş ekmekle|kesilmiş ekmekteki|dilimlenmiş ekmeği|"
            "kesilmiş ekmeği|dilimlenmiş ekmeğe|tost ekmeği|kızarmış ekmek|tost ekmeğini|tost ekmeğine|"
            "tost ekmeğinde|tost ekmeğinden|tost ekmeğinin|tost ekmeğiyle|tost ekmeğindeki"
        ),
        "ButterKnife": (
            "tereyağı bıçağı|tereyağı bıçağını|tereyağı bıçağına|tereyağı bıçağında|tereyağı bıçağından|"
            "tereyağı bıçağının|tereyağı bıçağıyla|tereyağı bıçağındaki|yağ bıçağı"
        ),
        "CD": (
            "cd|kompakt disk|disk|cd'yi|kompakt diski|kompakt diske|kompakt diskte|kompakt diskten|"
            "kompakt diskin|kompakt diskle|kompakt diskteki"
        ),
        "Cabinet": (
            "dolap|dolabı|mutfak dolabı|dolapçık|mutfak dolabını|mutfak dolabına|mutfak dolabında|"
            "mutfak dolabından|mutfak dolabının|mutfak dolabıyla|mutfak dolabındaki"
        ),
        "Candle": "mum",
        "CellPhone": (
            "telefon|cep telefonu|akıllı telefon|cep telefonunu|cep telefonuna|cep telefonunda|"
            "cep telefonundan|cep telefonunun|cep telefonuyla|cep telefonundaki|akıllı telefonu|"
            "akıllı telefona|akıllı telefonda|akıllı telefondan|akıllı telefonun|akıllı telefonla|"
            "akıllı telefondaki"
        ),
        "Chair": "sandalye",
        "Cloth": (
            "bez|temizlik bezi|toz bezi|kumaş|paçavra|temizlik bezini|temizlik bezine|temizlik bezinde|"
            "temizlik bezinden|temizlik bezinin|temizlik beziyle|temizlik bezindeki|toz bezini|toz bezine|"
            "toz bezinde|toz bezinden|toz bezinin|toz beziyle|toz bezindeki"
        ),
        "CoffeeMachine": (
            "kahve makinesi|kahve makinesini|kahve makinesine|kahve makinesinde|kahve makinesinden|"
            "kahve makinesinin|kahve makinesiyle|kahve makinesindeki|kahve makinası|kahve makinasını|"
            "kahve makinasına|kahve makinasında|kahve makinasından|kahve makinasının|kahve makinasıyla|"
            "kahve makinasındaki"
        ),
        "CoffeeTable": (
            "sehpa|orta sehpa|kahve masası|kahve masasını|kahve masasına|kahve masasında|kahve masasından|"
            "kahve masasının|kahve masasıyla|kahve masasındaki|orta sehpası|orta sehpasını|orta sehpasına|"
            "orta sehpasında|orta sehpasından|orta sehpasının|orta sehpasıyla|orta sehpasındaki|orta sehpayı|"
            "orta sehpaya|orta sehpada|orta sehpadan|orta sehpanın|orta sehpayla|orta sehpadaki"
        ),
        "CounterTop": (
            "tezgah|tezgâh|tezgahı|mutfak tezgahı|mutfak tezgahını|mutfak tezgahına|mutfak tezgahında|"
            "mutfak tezgahından|mutfak tezgahının|mutfak tezgahıyla|mutfak tezgahındaki|mutfak tezgâhı|"
            "mutfak tezgâhını|mutfak tezgâhına|mutfak tezgâhında|mutfak tezgâhından|mutfak tezgâhının|"
            "mutfak tezgâhıyla|mutfak tezgâhındaki"
        ),
        "CreditCard": (
            "kart|kredi kartı|banka kartı|kredi kartını|kredi kartına|kredi kartında|kredi kartından|"
            "kredi kartının|kredi kartıyla|kredi kartındaki|banka kartını|banka kartına|banka kartında|"
            "banka kartından|banka kartının|banka kartıyla|banka kartındaki"
        ),
        "Cup": (
            "bardak|bardağı|fincan|su bardağı|cam bardak|su bardağını|su bardağına|su bardağında|"
            "su bardağından|su bardağının|su bardağıyla|su bardağındaki|cam bardakı|cam bardaka|cam bardakta|"
            "cam bardaktan|cam bardakın|cam bardakla|cam bardaktaki"
        ),
        "Curtains": "perde|perdeler|perdeleri",
        "Desk": (
            "yazı masası|çalışma masası|çalışma masasını|çalışma masasına|çalışma masasında|"
            "çalışma masasından|çalışma masasının|çalışma masasıyla|çalışma masasındaki|yazı masasını|"
            "yazı masasına|yazı masasında|yazı masasından|yazı masasının|yazı masasıyla|yazı masasındaki"
        ),
        "DeskLamp": (
            "lamba|masa lambası|abajur|masa lambasını|masa lambasına|masa lambasında|masa lambasından|"
            "masa lambasının|masa lambasıyla|masa lambasındaki|çalışma lambası|çalışma lambasını|"
            "çalışma lambasına|çalışma lambasında|çalışma lambasından|çalışma lambasının|çalışma lambasıyla|"
            "çalışma lambasındaki"
        ),
        "Desktop": (
            "masaüstü|masaüstü bilgisayar|pc|monitör|bilgisayar ekranı|masaüstü bilgisayarı|"
            "masaüstü bilgisayara|masaüstü bilgisayarda|masaüstü bilgisayardan|masaüstü bilgisayarın|"
            "masaüstü bilgisayarla|masaüstü bilgisayardaki|bilgisayar ekranını|bilgisayar ekranına|"
            "bilgisayar ekranında|bilgisayar ekranından|bilgisayar ekranının|bilgisayar ekranıyla|"
            "bilgisayar ekranındaki"
        ),
        "DiningTable": (
            "masa|yemek masası|mutfak masası|yemek masasını|yemek masasına|yemek masasında|yemek masasından|"
            "yemek masasının|yemek masasıyla|yemek masasındaki|mutfak masasını|mutfak masasına|"
            "mutfak masasında|mutfak masasından|mutfak masasının|mutfak masasıyla|mutfak masasındaki"
        ),
        "DishSponge": (
            "sünger|bulaşık süngeri|süngeri|bulaşık süngerini|bulaşık süngerine|bulaşık süngerinde|"
            "bulaşık süngerinden|bulaşık süngerinin|bulaşık süngeriyle|bulaşık süngerindeki"
        ),
        "DogBed": (
            "köpek yatağı|köpek yatağını|köpek yatağına|köpek yatağında|köpek yatağından|köpek yatağının|"
            "köpek yatağıyla|köpek yatağındaki"
        ),
        "Drawer": "çekmece",
        "Dresser": "şifonyer|konsol|gardırop",
        "Dumbbell": "dambıl|halter|ağırlık",
        "Egg": "yumurta",
        "EggCracked": (
            "kırık yumurta|kırık yumurtayı|kırık yumurtaya|kırık yumurtada|kırık yumurtadan|kırık yumurtanın|"
            "kırık yumurtayla|kırık yumurtadaki|kırılmış yumurta|kırılmış yumurtayı|kırılmış yumurtaya|"
            "kırılmış yumurtada|kırılmış yumurtadan|kırılmış yumurtanın|kırılmış yumurtayla|"
            "kırılmış yumurtadaki|çatlak yumurta|çatlak yumurtayı|çatlak yumurtaya|çatlak yumurtada|"
            "çatlak yumurtadan|çatlak yumurtanın|çatlak yumurtayla|çatlak yumurtadaki|çatlamış yumurta|"
            "çatlamış yumurtayı|çatlamış yumurtaya|çatlamış yumurtada|çatlamış yumurtadan|"
            "çatlamış yumurtanın|çatlamış yumurtayla|çatlamış yumurtadaki|kırılan yumurta|kırılan yumurtayı|"
            "kırılan yumurtaya|kırılan yumurtada|kırılan yumurtadan|kırılan yumurtanın|kırılan yumurtayla|"
            "kırılan yumurtadaki|sahanda yumurta|sahanda yumurtayı|sahanda yumurtaya|sahanda yumurtada|"
            "sahanda yumurtadan|sahanda yumurtanın|sahanda yumurtayla|sahanda yumurtadaki|çırpılmış yumurta|"
            "çırpılmış yumurtayı|çırpılmış yumurtaya|çırpılmış yumurtada|çırpılmış yumurtadan|"
            "çırpılmış yumurtanın|çırpılmış yumurtayla|çırpılmış yumurtadaki|omlet|menemen"
        ),
        "Faucet": (
            "musluk|musluğu|çeşme|batarya|su musluğu|su musluğunu|su musluğuna|su musluğunda|su musluğundan|"
            "su musluğunun|su musluğuyla|su musluğundaki"
        ),
        "Floor": "zemin|yer|döşeme|yeri",
        "FloorLamp": (
            "lambader|ayaklı lamba|yer lambası|ayaklı lambayı|ayaklı lambaya|ayaklı lambada|ayaklı lambadan|"
            "ayaklı lambanın|ayaklı lambayla|ayaklı lambadaki|yer lambasını|yer lambasına|yer lambasında|"
            "yer lambasından|yer lambasının|yer lambasıyla|yer lambasındaki"
        ),
        "Footstool": (
            "ayaklık|ayak taburesi|ayak taburesini|ayak taburesine|ayak taburesinde|ayak taburesinden|"
            "ayak taburesinin|ayak taburesiyle|ayak taburesindeki"
        ),
        "Fork": "çatal",
        "Fridge": (
            "buzdolabı|buz dolabı|buzluk|buz dolabını|buz dolabına|buz dolabında|buz dolabından|"
            "buz dolabının|buz dolabıyla|buz dolabındaki"
        ),
        "GarbageBag": (
            "çöp torbası|çöp torbasını|çöp torbasına|çöp torbasında|çöp torbasından|çöp torbasının|"
            "çöp torbasıyla|çöp torbasındaki|çöp poşeti|çöp poşetini|çöp poşetine|çöp poşetinde|"
            "çöp poşetinden|çöp poşetinin|çöp poşetiyle|çöp poşetindeki|çöp çuvalı|çöp çuvalını|çöp çuvalına|"
            "çöp çuvalında|çöp çuvalından|çöp çuvalının|çöp çuvalıyla|çöp çuvalındaki"
        ),
        "GarbageCan": (
            "çöp|çöp kutusu|çöp kovası|çöp tenekesi|çöplük|çöp sepeti|çöp kutusunu|çöp kutusuna|"
            "çöp kutusunda|çöp kutusundan|çöp kutusunun|çöp kutusuyla|çöp kutusundaki|çöp kovasını|"
            "çöp kovasına|çöp kovasında|çöp kovasından|çöp kovasının|çöp kovasıyla|çöp kovasındaki|"
            "çöp tenekesini|çöp tenekesine|çöp tenekesinde|çöp tenekesinden|çöp tenekesinin|çöp tenekesiyle|"
            "çöp tenekesindeki|çöp sepetini|çöp sepetine|çöp sepetinde|çöp sepetinden|çöp sepetinin|"
            "çöp sepetiyle|çöp sepetindeki"
        ),
        "HandTowel": (
            "el havlusu|el havlusunu|el havlusuna|el havlusunda|el havlusundan|el havlusunun|el havlusuyla|"
            "el havlusundaki|küçük havlu|küçük havluyu|küçük havluya|küçük havluda|küçük havludan|"
            "küçük havlunun|küçük havluyla|küçük havludaki"
        ),
        "HandTowelHolder": (
            "el havlusu askısı|el havlusu askısını|el havlusu askısına|el havlusu askısında|"
            "el havlusu askısından|el havlusu askısının|el havlusu askısıyla|el havlusu askısındaki|"
            "el havlusu tutucusu|el havlusu tutucusunu|el havlusu tutucusuna|el havlusu tutucusunda|"
            "el havlusu tutucusundan|el havlusu tutucusunun|el havlusu tutucusuyla|el havlusu tutucusundaki|"
            "el havluluğu|el havluluğunu|el havluluğuna|el havluluğunda|el havluluğundan|el havluluğunun|"
            "el havluluğuyla|el havluluğundaki"
        ),
        "HousePlant": (
            "bitki|çiçek|saksı|ev bitkisi|saksı bitkisi|saksı çiçeği|çiçeği|ev bitkisini|ev bitkisine|"
            "ev bitkisinde|ev bitkisinden|ev bitkisinin|ev bitkisiyle|ev bitkisindeki|saksı bitkisini|"
            "saksı bitkisine|saksı bitkisinde|saksı bitkisinden|saksı bitkisinin|saksı bitkisiyle|"
            "saksı bitkisindeki|saksı çiçeğini|saksı çiçeğine|saksı çiçeğinde|saksı çiçeğinden|"
            "saksı çiçeğinin|saksı çiçeğiyle|saksı çiçeğindeki|salon bitkisi|salon bitkisini|salon bitkisine|"
            "salon bitkisinde|salon bitkisinden|salon bitkisinin|salon bitkisiyle|salon bitkisindeki"
        ),
        "Kettle": (
            "çaydanlık|çaydanlığı|kettle|su ısıtıcı|su ısıtıcısı|demlik|su ısıtıcısını|su ısıtıcısına|"
            "su ısıtıcısında|su ısıtıcısından|su ısıtıcısının|su ısıtıcısıyla|su ısıtıcısındaki|su ısıtıcıyı|"
            "su ısıtıcıya|su ısıtıcıda|su ısıtıcıdan|su ısıtıcının|su ısıtıcıyla|su ısıtıcıdaki"
        ),
        "KeyChain": "anahtarlık|anahtarlığı|anahtar|anahtarlar|anahtarı|anahtarları",
        "Knife": (
            "bıçak|bıçağı|mutfak bıçağı|mutfak bıçağını|mutfak bıçağına|mutfak bıçağında|mutfak bıçağından|"
            "mutfak bıçağının|mutfak bıçağıyla|mutfak bıçağındaki"
        ),
        "Ladle": (
            "kepçe|kepçeyi|çorba kepçesi|çorba kepçesini|çorba kepçesine|çorba kepçesinde|çorba kepçesinden|"
            "çorba kepçesinin|çorba kepçesiyle|çorba kepçesindeki"
        ),
        "Laptop": (
            "dizüstü bilgisayar|laptop|bilgisayar|dizüstü|notebook|dizüstü bilgisayarı|dizüstü bilgisayara|"
            "dizüstü bilgisayarda|dizüstü bilgisayardan|dizüstü bilgisayarın|dizüstü bilgisayarla|"
            "dizüstü bilgisayardaki"
        ),
        "LaundryHamper": (
            "çamaşır sepeti|çamaşır sepetini|çamaşır sepetine|çamaşır sepetinde|çamaşır sepetinden|"
            "çamaşır sepetinin|çamaşır sepetiyle|çamaşır sepetindeki|kirli sepeti|kirli sepetini|"
            "kirli sepetine|kirli sepetinde|kirli sepetinden|kirli sepetinin|kirli sepetiyle|"
            "kirli sepetindeki|çamaşır kutusu|çamaşır kutusunu|çamaşır kutusuna|çamaşır kutusunda|"
            "çamaşır kutusundan|çamaşır kutusunun|çamaşır kutusuyla|çamaşır kutusundaki"
        ),
        "Lettuce": (
            "marul|göbek marul|kıvırcık|göbek marulu|göbek marula|göbek marulda|göbek maruldan|göbek marulun|"
            "göbek marulla|göbek maruldaki"
        ),
        "LettuceSliced": (
            "marul yaprağı|marul yaprağını|marul yaprağına|marul yaprağında|marul yaprağından|"
            "marul yaprağının|marul yaprağıyla|marul yaprağındaki|marul dilimi|marul dilimini|marul dilimine|"
            "marul diliminde|marul diliminden|marul diliminin|marul dilimiyle|marul dilimindeki|"
            "marul yaprakları|marul yapraklarını|marul yapraklarına|marul yapraklarında|marul yapraklarından|"
            "marul yapraklarının|marul yapraklarıyla|marul yapraklarındaki|marul dilimleri|marul dilimlerini|"
            "marul dilimlerine|marul dilimlerinde|marul dilimlerinden|marul dilimlerinin|marul dilimleriyle|"
            "marul dilimlerindeki|doğranmış marul|doğranmış marulu|doğranmış marula|doğranmış marulda|"
            "doğranmış maruldan|doğranmış marulun|doğranmış marulla|doğranmış maruldaki|kesilmiş marul|"
            "kesilmiş marulu|kesilmiş marula|kesilmiş marulda|kesilmiş maruldan|kesilmiş marulun|"
            "kesilmiş marulla|kesilmiş maruldaki|dilimlenmiş marul|dilimlenmiş marulu|dilimlenmiş marula|"
            "dilimlenmiş marulda|dilimlenmiş maruldan|dilimlenmiş marulun|dilimlenmiş marulla|"
            "dilimlenmiş maruldaki"
        ),
        "LightSwitch": (
            "ışık|ışığı|ışık anahtarı|elektrik düğmesi|lamba düğmesi|ışık düğmesi|aydınlatma|ışık anahtarını|"
            "ışık anahtarına|ışık anahtarında|ışık anahtarından|ışık anahtarının|ışık anahtarıyla|"
            "ışık anahtarındaki|elektrik düğmesini|elektrik düğmesine|elektrik düğmesinde|"
            "elektrik düğmesinden|elektrik düğmesinin|elektrik düğmesiyle|elektrik düğmesindeki|"
            "lamba düğmesini|lamba düğmesine|lamba düğmesinde|lamba düğmesinden|lamba düğmesinin|"
            "lamba düğmesiyle|lamba düğmesindeki|ışık düğmesini|ışık düğmesine|ışık düğmesinde|"
            "ışık düğmesinden|ışık düğmesinin|ışık düğmesiyle|ışık düğmesindeki|elektrik anahtarı|"
            "elektrik anahtarını|elektrik anahtarına|elektrik anahtarında|elektrik anahtarından|"
            "elektrik anahtarının|elektrik anahtarıyla|elektrik anahtarındaki|işık|işığı|işık anahtarı|"
            "işık anahtarını|işık anahtarına|işık anahtarında|işık anahtarından|işık anahtarının|"
            "işık anahtarıyla|işık anahtarındaki|işık düğmesi|işık düğmesini|işık düğmesine|işık düğmesinde|"
            "işık düğmesinden|işık düğmesinin|işık düğmesiyle|işık düğmesindeki"
        ),
        "Microwave": (
            "mikrodalga|mikrodalga fırın|mikro dalga|mikrodalga fırını|mikrodalga fırına|mikrodalga fırında|"
            "mikrodalga fırından|mikrodalga fırının|mikrodalga fırınla|mikrodalga fırındaki"
        ),
        "Mirror": "ayna",
        "Mug": (
            "kupa|kupa bardak|kahve kupası|kupayı|kupa bardakı|kupa bardaka|kupa bardakta|kupa bardaktan|"
            "kupa bardakın|kupa bardakla|kupa bardaktaki|kahve kupasını|kahve kupasına|kahve kupasında|"
            "kahve kupasından|kahve kupasının|kahve kupasıyla|kahve kupasındaki|kahve fincanı|"
            "kahve fincanını|kahve fincanına|kahve fincanında|kahve fincanından|kahve fincanının|"
            "kahve fincanıyla|kahve fincanındaki"
        ),
        "Newspaper": "gazete",
        "Ottoman": (
            "puf|osmanlı koltuğu|osmanlı koltuğunu|osmanlı koltuğuna|osmanlı koltuğunda|osmanlı koltuğundan|"
            "osmanlı koltuğunun|osmanlı koltuğuyla|osmanlı koltuğundaki"
        ),
        "Painting": "tablo|resim|yağlı boya tablo|resmi|tabloyu",
        "Pan": (
            "tava|kızartma tavası|kızartma tavasını|kızartma tavasına|kızartma tavasında|kızartma tavasından|"
            "kızartma tavasının|kızartma tavasıyla|kızartma tavasındaki"
        ),
        "PaperTowelRoll": (
            "kağıt havlu|kağıt havluyu|kağıt havluya|kağıt havluda|kağıt havludan|kağıt havlunun|"
            "kağıt havluyla|kağıt havludaki|havlu kağıt|havlu kağıtı|havlu kağıta|havlu kağıtta|"
            "havlu kağıttan|havlu kağıtın|havlu kağıtla|havlu kağıttaki|kağıt havlu rulosu|"
            "kağıt havlu rulosunu|kağıt havlu rulosuna|kağıt havlu rulosunda|kağıt havlu rulosundan|"
            "kağıt havlu rulosunun|kağıt havlu rulosuyla|kağıt havlu rulosundaki|havlu kağıt rulosu|"
            "havlu kağıt rulosunu|havlu kağıt rulosuna|havlu kağıt rulosunda|havlu kağıt rulosundan|"
            "havlu kağıt rulosunun|havlu kağıt rulosuyla|havlu kağıt rulosundaki|kağıt havlusu|"
            "kağıt havlusunu|kağıt havlusuna|kağıt havlusunda|kağıt havlusundan|kağıt havlusunun|"
            "kağıt havlusuyla|kağıt havlusundaki"
        ),
        "Pen": (
            "kalem|tükenmez kalem|tükenmez|dolma kalem|tükenmez kalemi|tükenmez kaleme|tükenmez kalemde|"
            "tükenmez kalemden|tükenmez kalemin|tükenmez kalemle|tükenmez kalemdeki|dolma kalemi|"
            "dolma kaleme|dolma kalemde|dolma kalemden|dolma kalemin|dolma kalemle|dolma kalemdeki"
        ),
        "Pencil": (
            "kurşun kalem|kurşun kalemi|kurşun kaleme|kurşun kalemde|kurşun kalemden|kurşun kalemin|"
            "kurşun kalemle|kurşun kalemdeki|kurşunkalem"
        ),
        "PepperShaker": (
            "biberlik|biberliği|karabiberlik|biber kabı|biber kabını|biber kabına|biber kabında|"
            "biber kabından|biber kabının|biber kabıyla|biber kabındaki|karabiber kabı|karabiber kabını|"
            "karabiber kabına|karabiber kabında|karabiber kabından|karabiber kabının|karabiber kabıyla|"
            "karabiber kabındaki"
        ),
        "Pillow": "yastık|yastığı|kırlent",
        "Plate": (
            "tabak|tabağı|servis tabağı|servis tabağını|servis tabağına|servis tabağında|servis tabağından|"
            "servis tabağının|servis tabağıyla|servis tabağındaki"
        ),
        "Plunger": (
            "pompa|vantuz|lavabo pompası|tuvalet pompası|lavabo pompasını|lavabo pompasına|lavabo pompasında|"
            "lavabo pompasından|lavabo pompasının|lavabo pompasıyla|lavabo pompasındaki|tuvalet pompasını|"
            "tuvalet pompasına|tuvalet pompasında|tuvalet pompasından|tuvalet pompasının|tuvalet pompasıyla|"
            "tuvalet pompasındaki"
        ),
        "Poster": "poster|afiş",
        "Pot": (
            "tencere|kazan|çorba tenceresi|çorba tenceresini|çorba tenceresine|çorba tenceresinde|"
            "çorba tenceresinden|çorba tenceresinin|çorba tenceresiyle|çorba tenceresindeki"
        ),
        "Potato": "patates",
        "PotatoSliced": (
            "patates dilimi|patates dilimini|patates dilimine|patates diliminde|patates diliminden|"
            "patates diliminin|patates dilimiyle|patates dilimindeki|patates dilimleri|patates dilimlerini|"
            "patates dilimlerine|patates dilimlerinde|patates dilimlerinden|patates dilimlerinin|"
            "patates dilimleriyle|patates dilimlerindeki|patates parçası|patates parçasını|patates parçasına|"
            "patates parçasında|patates parçasından|patates parçasının|patates parçasıyla|"
            "patates parçasındaki|dilimlenmiş patates|dilimlenmiş patatesi|dilimlenmiş patatese|"
            "dilimlenmiş patateste|dilimlenmiş patatesten|dilimlenmiş patatesin|dilimlenmiş patatesle|"
            "dilimlenmiş patatesteki|doğranmış patates|doğranmış patatesi|doğranmış patatese|"
            "doğranmış patateste|doğranmış patatesten|doğranmış patatesin|doğranmış patatesle|"
            "doğranmış patatesteki|kesilmiş patates|kesilmiş patatesi|kesilmiş patatese|kesilmiş patateste|"
            "kesilmiş patatesten|kesilmiş patatesin|kesilmiş patatesle|kesilmiş patatesteki"
        ),
        "RemoteControl": (
            "kumanda|uzaktan kumanda|tv kumandası|televizyon kumandası|uzaktan kumandayı|uzaktan kumandaya|"
            "uzaktan kumandada|uzaktan kumandadan|uzaktan kumandanın|uzaktan kumandayla|uzaktan kumandadaki|"
            "tv kumandasını|tv kumandasına|tv kumandasında|tv kumandasından|tv kumandasının|tv kumandasıyla|"
            "tv kumandasındaki|televizyon kumandasını|televizyon kumandasına|televizyon kumandasında|"
            "televizyon kumandasından|televizyon kumandasının|televizyon kumandasıyla|"
            "televizyon kumandasındaki"
        ),
        "RoomDecor": (
            "dekor|süs|dekorasyon|süs eşyası|dekor objesi|oda süsü|süs eşyasını|süs eşyasına|süs eşyasında|"
            "süs eşyasından|süs eşyasının|süs eşyasıyla|süs eşyasındaki|dekor objesini|dekor objesine|"
            "dekor objesinde|dekor objesinden|dekor objesinin|dekor objesiyle|dekor objesindeki|oda süsünü|"
            "oda süsüne|oda süsünde|oda süsünden|oda süsünün|oda süsüyle|oda süsündeki|duvar süsü|"
            "duvar süsünü|duvar süsüne|duvar süsünde|duvar süsünden|duvar süsünün|duvar süsüyle|"
            "duvar süsündeki"
        ),
        "Safe": (
            "kasa|para kasası|çelik kasa|para kasasını|para kasasına|para kasasında|para kasasından|"
            "para kasasının|para kasasıyla|para kasasındaki|çelik kasayı|çelik kasaya|çelik kasada|"
            "çelik kasadan|çelik kasanın|çelik kasayla|çelik kasadaki"
        ),
        "SaltShaker": (
            "tuzluk|tuzluğu|tuz kabı|tuz kabını|tuz kabına|tuz kabında|tuz kabından|tuz kabının|tuz kabıyla|"
            "tuz kabındaki"
        ),
        "ScrubBrush": (
            "fırça|ovma fırçası|tuvalet fırçası|temizlik fırçası|ovma fırçasını|ovma fırçasına|"
            "ovma fırçasında|ovma fırçasından|ovma fırçasının|ovma fırçasıyla|ovma fırçasındaki|"
            "tuvalet fırçasını|tuvalet fırçasına|tuvalet fırçasında|tuvalet fırçasından|tuvalet fırçasının|"
            "tuvalet fırçasıyla|tuvalet fırçasındaki|temizlik fırçasını|temizlik fırçasına|"
            "temizlik fırçasında|temizlik fırçasından|temizlik fırçasının|temizlik fırçasıyla|"
            "temizlik fırçasındaki"
        ),
        "Shelf": (
            "raf|rafı|duvar rafı|duvar rafını|duvar rafına|duvar rafında|duvar rafından|duvar rafının|"
            "duvar rafıyla|duvar rafındaki"
        ),
        "ShelvingUnit": (
            "kitaplık|kitaplığı|raf ünitesi|raflık|etajer|raf ünitesini|raf ünitesine|raf ünitesinde|"
            "raf ünitesinden|raf ünitesinin|raf ünitesiyle|raf ünitesindeki|raf sistemi|raf sistemini|"
            "raf sistemine|raf sisteminde|raf sisteminden|raf sisteminin|raf sistemiyle|raf sistemindeki"
        ),
        "ShowerCurtain": (
            "duş perdesi|duş perdesini|duş perdesine|duş perdesinde|duş perdesinden|duş perdesinin|"
            "duş perdesiyle|duş perdesindeki|banyo perdesi|banyo perdesini|banyo perdesine|banyo perdesinde|"
            "banyo perdesinden|banyo perdesinin|banyo perdesiyle|banyo perdesindeki"
        ),
        "ShowerDoor": (
            "duş kapısı|duş kapısını|duş kapısına|duş kapısında|duş kapısından|duş kapısının|duş kapısıyla|"
            "duş kapısındaki|duşakabin kapısı|duşakabin kapısını|duşakabin kapısına|duşakabin kapısında|"
            "duşakabin kapısından|duşakabin kapısının|duşakabin kapısıyla|duşakabin kapısındaki|"
            "duş kabini kapısı|duş kabini kapısını|duş kabini kapısına|duş kabini kapısında|"
            "duş kabini kapısından|duş kabini kapısının|duş kabini kapısıyla|duş kabini kapısındaki"
        ),
        "ShowerGlass": (
            "duş camı|duş camını|duş camına|duş camında|duş camından|duş camının|duş camıyla|duş camındaki|"
            "duşakabin camı|duşakabin camını|duşakabin camına|duşakabin camında|duşakabin camından|"
            "duşakabin camının|duşakabin camıyla|duşakabin camındaki|duşakabin|duş kabini|duş kabinini|"
            "duş kabinine|duş kabininde|duş kabininden|duş kabininin|duş kabiniyle|duş kabinindeki"
        ),
        "ShowerHead": (
            "duş|duş başlığı|duşu|duş başlığını|duş başlığına|duş başlığında|duş başlığından|duş başlığının|"
            "duş başlığıyla|duş başlığındaki"
        ),
        "SideTable": (
            "komodin|yan sehpa|başucu sehpası|küçük sehpa|yan sehpayı|yan sehpaya|yan sehpada|yan sehpadan|"
            "yan sehpanın|yan sehpayla|yan sehpadaki|küçük sehpayı|küçük sehpaya|küçük sehpada|"
            "küçük sehpadan|küçük sehpanın|küçük sehpayla|küçük sehpadaki|başucu sehpasını|başucu sehpasına|"
            "başucu sehpasında|başucu sehpasından|başucu sehpasının|başucu sehpasıyla|başucu sehpasındaki|"
            "yan masası|yan masasını|yan masasına|yan masasında|yan masasından|yan masasının|yan masasıyla|"
            "yan masasındaki"
        ),
        "Sink": (
            "lavabo|evye|mutfak lavabosu|bulaşık teknesi|mutfak lavabosunu|mutfak lavabosuna|"
            "mutfak lavabosunda|mutfak lavabosundan|mutfak lavabosunun|mutfak lavabosuyla|"
            "mutfak lavabosundaki|bulaşık teknesini|bulaşık teknesine|bulaşık teknesinde|bulaşık teknesinden|"
            "bulaşık teknesinin|bulaşık teknesiyle|bulaşık teknesindeki|banyo lavabosu|banyo lavabosunu|"
            "banyo lavabosuna|banyo lavabosunda|banyo lavabosundan|banyo lavabosunun|banyo lavabosuyla|"
            "banyo lavabosundaki"
        ),
        "SinkBasin": (
            "lavabo haznesi|lavabo haznesini|lavabo haznesine|lavabo haznesinde|lavabo haznesinden|"
            "lavabo haznesinin|lavabo haznesiyle|lavabo haznesindeki|lavabo çukuru|lavabo çukurunu|"
            "lavabo çukuruna|lavabo çukurunda|lavabo çukurundan|lavabo çukurunun|lavabo çukuruyla|"
            "lavabo çukurundaki|lavabo içi|lavabo içini|lavabo içine|lavabo içinde|lavabo içinden|"
            "lavabo içinin|lavabo içiyle|lavabo içindeki|lavabonun içi|lavabonun içini|lavabonun içine|"
            "lavabonun içinde|lavabonun içinden|lavabonun içinin|lavabonun içiyle|lavabonun içindeki|"
            "evye haznesi|evye haznesini|evye haznesine|evye haznesinde|evye haznesinden|evye haznesinin|"
            "evye haznesiyle|evye haznesindeki"
        ),
        "SoapBar": (
            "sabun|kalıp sabun|kalıp sabunu|kalıp sabuna|kalıp sabunda|kalıp sabundan|kalıp sabunun|"
            "kalıp sabunla|kalıp sabundaki"
        ),
        "SoapBottle": (
            "sıvı sabun|sabunluk|sabun şişesi|sıvı sabunu|sıvı sabuna|sıvı sabunda|sıvı sabundan|"
            "sıvı sabunun|sıvı sabunla|sıvı sabundaki|sabun şişesini|sabun şişesine|sabun şişesinde|"
            "sabun şişesinden|sabun şişesinin|sabun şişesiyle|sabun şişesindeki|sıvı sabun şişesi|"
            "sıvı sabun şişesini|sıvı sabun şişesine|sıvı sabun şişesinde|sıvı sabun şişesinden|"
            "sıvı sabun şişesinin|sıvı sabun şişesiyle|sıvı sabun şişesindeki|sabun pompası|sabun pompasını|"
            "sabun pompasına|sabun pompasında|sabun pompasından|sabun pompasının|sabun pompasıyla|"
            "sabun pompasındaki"
        ),
        "Sofa": (
            "kanepe|divan|çekyat|koltuk takımı|koltuk takımını|koltuk takımına|koltuk takımında|"
            "koltuk takımından|koltuk takımının|koltuk takımıyla|koltuk takımındaki"
        ),
        "Spatula": (
            "spatula|pişirme spatulası|pişirme spatulasını|pişirme spatulasına|pişirme spatulasında|"
            "pişirme spatulasından|pişirme spatulasının|pişirme spatulasıyla|pişirme spatulasındaki"
        ),
        "Spoon": (
            "kaşık|kaşığı|yemek kaşığı|çay kaşığı|yemek kaşığını|yemek kaşığına|yemek kaşığında|"
            "yemek kaşığından|yemek kaşığının|yemek kaşığıyla|yemek kaşığındaki|çay kaşığını|çay kaşığına|"
            "çay kaşığında|çay kaşığından|çay kaşığının|çay kaşığıyla|çay kaşığındaki"
        ),
        "SprayBottle": (
            "sprey|sprey şişesi|fısfıs|püskürtücü|sprey şişesini|sprey şişesine|sprey şişesinde|"
            "sprey şişesinden|sprey şişesinin|sprey şişesiyle|sprey şişesindeki|püskürtme şişesi|"
            "püskürtme şişesini|püskürtme şişesine|püskürtme şişesinde|püskürtme şişesinden|"
            "püskürtme şişesinin|püskürtme şişesiyle|püskürtme şişesindeki"
        ),
        "Statue": "heykel|biblo|heykelcik",
        "Stool": (
            "tabure|tabureyi|bar taburesi|bar taburesini|bar taburesine|bar taburesinde|bar taburesinden|"
            "bar taburesinin|bar taburesiyle|bar taburesindeki"
        ),
        "StoveBurner": (
            "ocak|ocağı|ocak gözü|brülör|fırın|ocak gözünü|ocak gözüne|ocak gözünde|ocak gözünden|"
            "ocak gözünün|ocak gözüyle|ocak gözündeki|ocağın gözü|ocağın gözünü|ocağın gözüne|ocağın gözünde|"
            "ocağın gözünden|ocağın gözünün|ocağın gözüyle|ocağın gözündeki|gaz ocağı|gaz ocağını|"
            "gaz ocağına|gaz ocağında|gaz ocağından|gaz ocağının|gaz ocağıyla|gaz ocağındaki"
        ),
        "StoveKnob": (
            "ocak düğmesi|düğme|ocak anahtarı|ocak düğmesini|ocak düğmesine|ocak düğmesinde|ocak düğmesinden|"
            "ocak düğmesinin|ocak düğmesiyle|ocak düğmesindeki|ocak anahtarını|ocak anahtarına|"
            "ocak anahtarında|ocak anahtarından|ocak anahtarının|ocak anahtarıyla|ocak anahtarındaki|"
            "ocağın düğmesi|ocağın düğmesini|ocağın düğmesine|ocağın düğmesinde|ocağın düğmesinden|"
            "ocağın düğmesinin|ocağın düğmesiyle|ocağın düğmesindeki|ocak ayar düğmesi|ocak ayar düğmesini|"
            "ocak ayar düğmesine|ocak ayar düğmesinde|ocak ayar düğmesinden|ocak ayar düğmesinin|"
            "ocak ayar düğmesiyle|ocak ayar düğmesindeki"
        ),
        "TVStand": (
            "televizyon sehpası|televizyon sehpasını|televizyon sehpasına|televizyon sehpasında|"
            "televizyon sehpasından|televizyon sehpasının|televizyon sehpasıyla|televizyon sehpasındaki|"
            "tv sehpası|tv sehpasını|tv sehpasına|tv sehpasında|tv sehpasından|tv sehpasının|tv sehpasıyla|"
            "tv sehpasındaki|tv ünitesi|tv ünitesini|tv ünitesine|tv ünitesinde|tv ünitesinden|tv ünitesinin|"
            "tv ünitesiyle|tv ünitesindeki|televizyon ünitesi|televizyon ünitesini|televizyon ünitesine|"
            "televizyon ünitesinde|televizyon ünitesinden|televizyon ünitesinin|televizyon ünitesiyle|"
            "televizyon ünitesindeki|televizyon dolabı|televizyon dolabını|televizyon dolabına|"
            "televizyon dolabında|televizyon dolabından|televizyon dolabının|televizyon dolabıyla|"
            "televizyon dolabındaki"
        ),
        "TableTopDecor": (
            "masa süsü|masa süsünü|masa süsüne|masa süsünde|masa süsünden|masa süsünün|masa süsüyle|"
            "masa süsündeki|masa dekoru|masa dekorunu|masa dekoruna|masa dekorunda|masa dekorundan|"
            "masa dekorunun|masa dekoruyla|masa dekorundaki|masa dekorasyonu|masa dekorasyonunu|"
            "masa dekorasyonuna|masa dekorasyonunda|masa dekorasyonundan|masa dekorasyonunun|"
            "masa dekorasyonuyla|masa dekorasyonundaki"
        ),
        "TargetCircle": (
            "hedef|hedef tahtası|hedef dairesi|hedef tahtasını|hedef tahtasına|hedef tahtasında|"
            "hedef tahtasından|hedef tahtasının|hedef tahtasıyla|hedef tahtasındaki|hedef dairesini|"
            "hedef dairesine|hedef dairesinde|hedef dairesinden|hedef dairesinin|hedef dairesiyle|"
            "hedef dairesindeki|hedef halkası|hedef halkasını|hedef halkasına|hedef halkasında|"
            "hedef halkasından|hedef halkasının|hedef halkasıyla|hedef halkasındaki"
        ),
        "TeddyBear": (
            "oyuncak ayı|peluş ayı|ayıcık|peluş|oyuncak ayıyı|oyuncak ayıya|oyuncak ayıda|oyuncak ayıdan|"
            "oyuncak ayının|oyuncak ayıyla|oyuncak ayıdaki|peluş ayıyı|peluş ayıya|peluş ayıda|peluş ayıdan|"
            "peluş ayının|peluş ayıyla|peluş ayıdaki|ayıcıkı|ayıcıka|ayıcıkta|ayıcıktan|ayıcıkın|ayıcıkla|"
            "ayıcıktaki"
        ),
        "Television": "televizyon|tv|televizyonu",
        "TennisRacket": (
            "raket|tenis raketi|tenis raketini|tenis raketine|tenis raketinde|tenis raketinden|"
            "tenis raketinin|tenis raketiyle|tenis raketindeki"
        ),
        "TissueBox": (
            "mendil|peçete|kağıt mendil|mendil kutusu|peçete kutusu|selpak|mendil kutusunu|mendil kutusuna|"
            "mendil kutusunda|mendil kutusundan|mendil kutusunun|mendil kutusuyla|mendil kutusundaki|"
            "peçete kutusunu|peçete kutusuna|peçete kutusunda|peçete kutusundan|peçete kutusunun|"
            "peçete kutusuyla|peçete kutusundaki|kağıt mendil kutusu|kağıt mendil kutusunu|"
            "kağıt mendil kutusuna|kağıt mendil kutusunda|kağıt mendil kutusundan|kağıt mendil kutusunun|"
            "kağıt mendil kutusuyla|kağıt mendil kutusundaki|kağıt mendili|kağıt mendile|kağıt mendilde|"
            "kağıt mendilden|kağıt mendilin|kağıt mendille|kağıt mendildeki"
        ),
        "Toaster": (
            "tost makinesi|ekmek kızartma makinesi|tost makinası|tost makinesini|tost makinesine|"
            "tost makinesinde|tost makinesinden|tost makinesinin|tost makinesiyle|tost makinesindeki|"
            "tost makinasını|tost makinasına|tost makinasında|tost makinasından|tost makinasının|"
            "tost makinasıyla|tost makinasındaki|ekmek kızartma makinesini|ekmek kızartma makinesine|"
            "ekmek kızartma makinesinde|ekmek kızartma makinesinden|ekmek kızartma makinesinin|"
            "ekmek kızartma makinesiyle|ekmek kızartma makinesindeki"
        ),
        "Toilet": "tuvalet|klozet|wc",
        "ToiletPaper": (
            "tuvalet kağıdı|tuvalet kağıdını|tuvalet kağıdına|tuvalet kağıdında|tuvalet kağıdından|"
            "tuvalet kağıdının|tuvalet kağıdıyla|tuvalet kağıdındaki|tuvalet kâğıdı|tuvalet kâğıdını|"
            "tuvalet kâğıdına|tuvalet kâğıdında|tuvalet kâğıdından|tuvalet kâğıdının|tuvalet kâğıdıyla|"
            "tuvalet kâğıdındaki"
        ),
        "ToiletPaperHanger": (
            "tuvalet kağıdı askısı|tuvalet kağıdı askısını|tuvalet kağıdı askısına|tuvalet kağıdı askısında|"
            "tuvalet kağıdı askısından|tuvalet kağıdı askısının|tuvalet kağıdı askısıyla|"
            "tuvalet kağıdı askısındaki|tuvalet kağıdı tutucusu|tuvalet kağıdı tutucusunu|"
            "tuvalet kağıdı tutucusuna|tuvalet kağıdı tutucusunda|tuvalet kağıdı tutucusundan|"
            "tuvalet kağıdı tutucusunun|tuvalet kağıdı tutucusuyla|tuvalet kağıdı tutucusundaki|"
            "tuvalet kağıdı aparatı|tuvalet kağıdı aparatını|tuvalet kağıdı aparatına|"
            "tuvalet kağıdı aparatında|tuvalet kağıdı aparatından|tuvalet kağıdı aparatının|"
            "tuvalet kağıdı aparatıyla|tuvalet kağıdı aparatındaki|tuvalet kağıtlığı|kağıtlık"
        ),
        "Tomato": "domates",
        "TomatoSliced": (
            "domates dilimi|domates dilimini|domates dilimine|domates diliminde|domates diliminden|"
            "domates diliminin|domates dilimiyle|domates dilimindeki|domates dilimleri|domates dilimlerini|"
            "domates dilimlerine|domates dilimlerinde|domates dilimlerinden|domates dilimlerinin|"
            "domates dilimleriyle|domates dilimlerindeki|domates parçası|domates parçasını|domates parçasına|"
            "domates parçasında|domates parçasından|domates parçasının|domates parçasıyla|"
            "domates parçasındaki|dilimlenmiş domates|dilimlenmiş domatesi|dilimlenmiş domatese|"
            "dilimlenmiş domateste|dilimlenmiş domatesten|dilimlenmiş domatesin|dilimlenmiş domatesle|"
            "dilimlenmiş domatesteki|doğranmış domates|doğranmış domatesi|doğranmış domatese|"
            "doğranmış domateste|doğranmış domatesten|doğranmış domatesin|doğranmış domatesle|"
            "doğranmış domatesteki|kesilmiş domates|kesilmiş domatesi|kesilmiş domatese|kesilmiş domateste|"
            "kesilmiş domatesten|kesilmiş domatesin|kesilmiş domatesle|kesilmiş domatesteki"
        ),
        "Towel": (
            "havlu|banyo havlusu|banyo havlusunu|banyo havlusuna|banyo havlusunda|banyo havlusundan|"
            "banyo havlusunun|banyo havlusuyla|banyo havlusundaki"
        ),
        "TowelHolder": (
            "havluluk|havluluğu|havlu askısı|havlu tutucu|havlu askısını|havlu askısına|havlu askısında|"
            "havlu askısından|havlu askısının|havlu askısıyla|havlu askısındaki|havlu tutucusu|"
            "havlu tutucusunu|havlu tutucusuna|havlu tutucusunda|havlu tutucusundan|havlu tutucusunun|"
            "havlu tutucusuyla|havlu tutucusundaki"
        ),
        "VacuumCleaner": (
            "elektrik süpürgesi|süpürge|süpürgeyi|elektrik süpürgesini|elektrik süpürgesine|"
            "elektrik süpürgesinde|elektrik süpürgesinden|elektrik süpürgesinin|elektrik süpürgesiyle|"
            "elektrik süpürgesindeki"
        ),
        "Vase": "vazo",
        "Watch": (
            "kol saati|kol saatini|kol saatine|kol saatinde|kol saatinden|kol saatinin|kol saatiyle|"
            "kol saatindeki"
        ),
        "WateringCan": (
            "sulama kabı|sulama kovası|emzikli kova|sulama kabını|sulama kabına|sulama kabında|"
            "sulama kabından|sulama kabının|sulama kabıyla|sulama kabındaki|sulama kovasını|sulama kovasına|"
            "sulama kovasında|sulama kovasından|sulama kovasının|sulama kovasıyla|sulama kovasındaki|"
            "çiçek sulama kabı|çiçek sulama kabını|çiçek sulama kabına|çiçek sulama kabında|"
            "çiçek sulama kabından|çiçek sulama kabının|çiçek sulama kabıyla|çiçek sulama kabındaki"
        ),
        "Window": "pencere|cam",
        "WineBottle": (
            "şarap şişesi|şarap şişesini|şarap şişesine|şarap şişesinde|şarap şişesinden|şarap şişesinin|"
            "şarap şişesiyle|şarap şişesindeki"
        ),
    },
    liquids={
        "water": "su|suyu|suya|suyla|sudan|suyun|suda",
        "wine": "şarap|şarabı|şaraba|şarapla|şaraptan|şarabın",
        "coffee": "kahve|kahveyi|kahveye|kahveyle|kahveden",
    },
    fillers=(
        "ve|sonra|ardından|daha sonra|akabinde|önce|ilk önce|ilk olarak|öncelikle|en son|son olarak|sonunda|"
        "tekrar|yeniden|bir daha|bir kez daha|dikkatlice|dikkatli|dikkatle|yavaşça|yavaş|hızlıca|hızla|"
        "sertçe|sıkıca|bir|bu|şu|o|onu|bunu|şunu|ona|buna|ile|içine|içinde|içindeki|içinden|içi|üstüne|"
        "üzerine|üstünde|üzerinde|üzerindeki|üstündeki|üstünden|üzerinden|altına|altında|yanına|yanında|"
        "yanındaki|önüne|önünde|arkasına|arkasında|tarafına|doğru|kadar|için|lütfen|şimdi|ben|biz|siz|sen|"
        "tane|adet|dilimlere|parçalara|parçalar halinde|dilim dilim|ikiye|küçük parçalara|kapağını|kapağı|"
        "kapısını|kapısı|da|de|ki|oraya|buraya|eline|elinle|elindeki|elinizdeki|elimdeki|elinden|elden|elle|"
        "elinizle|hemen|tamamen|iyice|biraz|mevcut|kendi|onun|bunun|gerekli|gereken|yeni|en yakın|yakındaki"
    ),
    endings=(
        "ı|i|u|ü|yı|yi|yu|yü|nı|ni|nu|nü|sı|si|su|sü|a|e|ya|ye|na|ne|da|de|ta|te|nda|nde|dan|den|tan|ten|"
        "ndan|nden|ın|in|un|ün|nın|nin|nun|nün|la|le|yla|yle|ki|daki|deki|taki|teki|ndaki|ndeki|lar|ler|ları|"
        "leri|lara|lere|larda|lerde|lardan|lerden|ların|lerin|larla|lerle"
    ),
    destinations="a|e|ya|ye|na|ne",
    carried="ı|i|u|ü|yı|yi|yu|yü|nı|ni|nu|nü",
    step_words="adım|adim",
    spaced=True,
    head_final=True,
    verb_last=True,
)
