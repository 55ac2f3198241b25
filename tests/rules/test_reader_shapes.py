"""The reader's statement shapes in every language with a lexicon (docs/rules.md).

Each sentence is written here in a language's usual rules wording (none is corpus text): a
shape of the one grammar (`pipeline/parse/rules/claim_shapes.py`) read with that language's
words. Claims compare as the corpus does (`tests/rules/real_corpus.py`: feature, phase, unit,
points, sign, multiplier); `completed` and `during_game` are one phase, so are `incomplete`
and `end_game`.
"""

from __future__ import annotations

from collections import Counter

import pytest

from carcdb.pipeline.parse.rules.claims import extract_claims
from carcdb.pipeline.parse.rules.vocabulary import vocabulary
from carcdb.schemas.rules import ClaimState, Rule, RuleKind, ScoringClaim
from tests.rules.pages import run
from tests.rules.real_corpus import claim_key, parse_annotation

SHAPES = [
    (
        "ca",
        "Un camí completat dona 1 punt per cada rajola.",
        ["road completed tile 1"],
    ),
    (
        "ca",
        "Una ciutat completada dona 2 punts per cada rajola i 2 punts per cada escut.",
        ["city completed tile 2", "city completed coat_of_arms 2"],
    ),
    (
        "ca",
        "Un monestir completat dona 9 punts.",
        ["monastery completed fixed 9"],
    ),
    (
        "ca",
        "Al final de la partida, cada camí incomplet dona 1 punt per rajola.",
        ["road incomplete tile 1"],
    ),
    (
        "ca",
        "Els camins completats donen 1 punt per rajola i les ciutats 2 punts per rajola"
        " i per escut.",
        ["road completed tile 1", "city completed tile 2", "city completed coat_of_arms 2"],
    ),
    (
        "ca",
        "Un monestir envoltat per 8 rajoles dona 9 punts.",
        ["monastery completed fixed 9"],
    ),
    (
        "ca",
        "Al final de la partida, cada camí o ciutat incomplet dona 1 punt per rajola.",
        ["road incomplete tile 1", "city incomplete tile 1"],
    ),
    (
        "cs",
        "Za dokončenou cestu získá hráč 1 bod za každou kartičku.",
        ["road completed tile 1"],
    ),
    (
        "cs",
        "Dokončené město přinese 2 body za každou kartičku a 2 body za každý erb.",
        ["city completed tile 2", "city completed coat_of_arms 2"],
    ),
    (
        "cs",
        "Dokončený klášter přinese 9 bodů.",
        ["monastery completed fixed 9"],
    ),
    (
        "cs",
        "Na konci hry získá hráč za každou nedokončenou cestu 1 bod za každou kartičku.",
        ["road incomplete tile 1"],
    ),
    (
        "cs",
        "Hráč získá za každou kartičku cesty 1 bod.",
        ["road completed tile 1"],
    ),
    (
        "cs",
        "Za každou kartičku města a každý erb získá hráč 2 body.",
        ["city completed tile 2", "city completed coat_of_arms 2"],
    ),
    (
        "cs",
        "Klášter obklopený 8 kartičkami má hodnotu 9 bodů.",
        ["monastery completed fixed 9"],
    ),
    (
        "de",
        "Eine fertige Straße bringt 1 Punkt pro Karte.",
        ["road completed tile 1"],
    ),
    (
        "de",
        "Eine fertige Stadt zählt 2 Punkte pro Stadtteil. Jedes Wappen bringt 2 "
        "zusätzliche Punkte.",
        ["city completed tile 2", "city completed coat_of_arms 2"],
    ),
    (
        "de",
        "Ein fertiges Kloster zählt 9 Punkte.",
        ["monastery completed fixed 9"],
    ),
    (
        "de",
        "Bei der Schlusswertung zählt jede nicht fertige Straße 1 Punkt pro Karte.",
        ["road incomplete tile 1"],
    ),
    (
        "de",
        "Jede nicht fertige Stadt bringt 1 Punkt pro Stadtteil und 1 Punkt pro Wappen.",
        ["city incomplete tile 1", "city incomplete coat_of_arms 1"],
    ),
    (
        "de",
        "Jeder Bauer erhält für jede fertige Stadt, die an seine Wiese grenzt, 3 Punkte.",
        ["field end_game completed_city 3"],
    ),
    (
        "de",
        "Eine Straße mit Wirtshaus bringt 2 Punkte pro Karte. Ist sie bei Spielende "
        "nicht fertig, bringt sie keine Punkte.",
        ["inn completed tile 2", "inn incomplete tile 0"],
    ),
    (
        "de",
        "Eine Stadt mit Kathedrale bringt 3 Punkte pro Stadtteil und Wappen.",
        ["cathedral completed tile 3", "cathedral completed coat_of_arms 3"],
    ),
    (
        "de",
        "Der Spieler mit den meisten Weinplättchen erhält am Spielende 10 Punkte.",
        ["goods end_game majority 10"],
    ),
    (
        "de",
        "Der Besitzer des Schweins erhält für jede fertige Stadt 4 statt 3 Punkte.",
        ["pig end_game completed_city 4", "field end_game completed_city 3"],
    ),
    (
        "de",
        "Städte: 2 Punkte pro Plättchen und 2 Punkte pro Wappen.",
        ["city completed tile 2", "city completed coat_of_arms 2"],
    ),
    (
        "de",
        "Für jede Straße gibt es 1 Punkt pro Plättchen.",
        ["road completed tile 1"],
    ),
    (
        "de",
        "Ein Kloster bringt 9 Punkte, wenn es vollständig umbaut ist.",
        ["monastery completed fixed 9"],
    ),
    (
        "de",
        "Bei Spielende gibt es für jede unfertige Stadt 1 Punkt pro Plättchen und Wappen.",
        ["city incomplete tile 1", "city incomplete coat_of_arms 1"],
    ),
    (
        "de",
        "Die Bauern erhalten für jede angrenzende fertige Stadt 3 Punkte.",
        ["field end_game completed_city 3"],
    ),
    (
        "de",
        "Straße: 1 Punkt pro Plättchen; Stadt: 2 Punkte pro Plättchen und Wappen; "
        "Kloster: 9 Punkte.",
        [
            "road completed tile 1",
            "city completed tile 2",
            "city completed coat_of_arms 2",
            "monastery completed fixed 9",
        ],
    ),
    (
        "de",
        "Am Spielende zählen unfertige Straßen und Städte je 1 Punkt pro Plättchen.",
        ["road incomplete tile 1", "city incomplete tile 1"],
    ),
    (
        "de",
        "Für eine fertige Straße gibt es pro Plättchen einen Punkt, für eine fertige "
        "Stadt pro Plättchen und Wappen je zwei Punkte.",
        ["road completed tile 1", "city completed tile 2", "city completed coat_of_arms 2"],
    ),
    (
        "de",
        "Ein vollständig umbautes Kloster bringt 9 Punkte.",
        ["monastery completed fixed 9"],
    ),
    (
        "de",
        "Bei der Schlusswertung zählen unvollendete Straßen und Städte nur noch 1 Punkt"
        " pro Plättchen, ein unvollendetes Kloster 1 Punkt plus 1 Punkt pro "
        "angrenzendem Plättchen.",
        [
            "road incomplete tile 1",
            "city incomplete tile 1",
            "monastery incomplete fixed 1",
            "monastery incomplete surrounding_tile 1",
        ],
    ),
    (
        "de",
        "Die Bauern kassieren für jede fertige Stadt, die an ihre Wiese grenzt, 3 Punkte.",
        ["field end_game completed_city 3"],
    ),
    (
        "de",
        "Bleibt eine Straße mit Gasthaus unvollendet, gibt es gar keine Punkte.",
        ["inn incomplete tile 0"],
    ),
    (
        "de",
        "Mit Kathedrale zählt jedes Stadtteil und jedes Wappen 3 Punkte.",
        ["cathedral completed tile 3", "cathedral completed coat_of_arms 3"],
    ),
    (
        "de",
        "Wer die meisten Weinplättchen hat, bekommt am Spielende 10 Punkte.",
        ["goods end_game majority 10"],
    ),
    (
        "en",
        "When a road is completed, the player with the most thieves on it scores 1 "
        "point for each tile in the road.",
        ["road completed tile 1"],
    ),
    (
        "en",
        "A completed city scores 2 points for each tile and 2 points for each coat of arms.",
        ["city completed tile 2", "city completed coat_of_arms 2"],
    ),
    (
        "en",
        "A completed monastery scores 9 points (1 point for the monastery tile and 1 "
        "point for each of the 8 surrounding tiles).",
        [
            "monastery completed fixed 9",
            "monastery completed fixed 1",
            "monastery completed surrounding_tile 1",
        ],
    ),
    (
        "en",
        "At the end of the game, each incomplete road scores 1 point per tile.",
        ["road incomplete tile 1"],
    ),
    (
        "en",
        "Each incomplete city scores 1 point for each tile and 1 point for each coat of arms.",
        ["city incomplete tile 1", "city incomplete coat_of_arms 1"],
    ),
    (
        "en",
        "The player with the most farmers in a farm scores 3 points for each completed "
        "city that borders the farm.",
        ["field end_game completed_city 3"],
    ),
    (
        "en",
        "A road with an inn scores 2 points per tile. If the road is incomplete at the "
        "end of the game, it scores 0 points.",
        ["inn completed tile 2", "inn incomplete tile 0"],
    ),
    (
        "en",
        "A city with a cathedral scores 3 points per tile and per coat of arms. If the "
        "city is incomplete at game end, it scores no points.",
        [
            "cathedral completed tile 3",
            "cathedral completed coat_of_arms 3",
            "cathedral incomplete tile 0",
        ],
    ),
    (
        "en",
        "At the end of the game, the player with the most wine tokens scores 10 points.",
        ["goods end_game majority 10"],
    ),
    (
        "en",
        "The player with a pig in the farm scores 1 additional point for each completed city.",
        ["pig end_game completed_city 1"],
    ),
    (
        "en",
        "The abbot scores 1 point for the monastery or garden tile plus 1 point for "
        "each surrounding tile.",
        [
            "monastery completed fixed 1",
            "garden completed fixed 1",
            "monastery completed surrounding_tile 1",
            "garden completed surrounding_tile 1",
        ],
    ),
    (
        "en",
        "Roads score one point per tile, and cities two points per tile.",
        ["road completed tile 1", "city completed tile 2"],
    ),
    (
        "en",
        "Each coat of arms is worth 2 points.",
        ["city completed coat_of_arms 2"],
    ),
    (
        "en",
        "Cities are worth 2 points per tile; incomplete cities at the end of the game "
        "are worth 1 point per tile.",
        ["city completed tile 2", "city incomplete tile 1"],
    ),
    (
        "en",
        "The monastery is worth 9 points when it is surrounded by 8 tiles.",
        ["monastery completed fixed 9"],
    ),
    (
        "en",
        "A finished road is worth one point for each tile it contains.",
        ["road completed tile 1"],
    ),
    (
        "en",
        "Roads: 1 point per tile. Cities: 2 points per tile, plus 2 points per shield. "
        "Monasteries: 9 points.",
        [
            "road completed tile 1",
            "city completed tile 2",
            "city completed coat_of_arms 2",
            "monastery completed fixed 9",
        ],
    ),
    (
        "en",
        "Completed roads score one point for every tile; completed cities score two "
        "points for every tile and two for every pennant.",
        ["road completed tile 1", "city completed tile 2", "city completed coat_of_arms 2"],
    ),
    (
        "en",
        "Incomplete features at the end: roads 1 point per tile, cities 1 point per "
        "tile and pennant, monasteries 1 point per tile.",
        [
            "road incomplete tile 1",
            "city incomplete tile 1",
            "city incomplete coat_of_arms 1",
            "monastery incomplete tile 1",
        ],
    ),
    (
        "en",
        "If a road has an inn on it, the road is worth 2 points per tile instead of 1.",
        ["inn completed tile 2", "road completed tile 1"],
    ),
    (
        "en",
        "Each city tile and pennant is worth 3 points instead of 2 if the city has a cathedral.",
        [
            "cathedral completed tile 3",
            "cathedral completed coat_of_arms 3",
            "city completed tile 2",
            "city completed coat_of_arms 2",
        ],
    ),
    (
        "en",
        "At the end of the game a barn scores 4 points for each completed city adjacent"
        " to its field.",
        ["barn end_game completed_city 4"],
    ),
    (
        "en",
        "The king scores 1 point for each completed city at the end of the game.",
        ["king end_game completed_city 1"],
    ),
    (
        "en",
        "The shepherd scores 1 point per sheep in the flock.",
        ["flock completed sheep 1"],
    ),
    (
        "en",
        "Feature | During the game | At the end of the game\nRoad | 1 point per tile | "
        "1 point per tile\nMonastery | 9 points | 1 point per tile",
        [
            "road completed tile 1",
            "road incomplete tile 1",
            "monastery completed fixed 9",
            "monastery incomplete tile 1",
        ],
    ),
    (
        "en",
        "Gardens score 9 points when surrounded, like monasteries.",
        ["garden completed fixed 9"],
    ),
    (
        "en",
        "Each incomplete city is worth only 1 point per tile and 1 point per coat of "
        "arms, half of the normal value.",
        ["city incomplete tile 1", "city incomplete coat_of_arms 1"],
    ),
    (
        "en",
        "At the end of the game, every incomplete road and city is worth 1 point per tile.",
        ["road incomplete tile 1", "city incomplete tile 1"],
    ),
    (
        "en",
        "Farms score 3 points for every finished city that borders them.",
        ["field end_game completed_city 3"],
    ),
    (
        "en",
        "An incomplete road with an inn is worth nothing.",
        ["inn incomplete tile 0"],
    ),
    (
        "en",
        "Cathedrals make every tile and shield of a completed city worth 3 points instead of 2.",
        [
            "cathedral completed tile 3",
            "cathedral completed coat_of_arms 3",
            "city completed tile 2",
            "city completed coat_of_arms 2",
        ],
    ),
    (
        "en",
        "The pig adds 1 point per city to the farmer's score.",
        ["pig end_game completed_city 1"],
    ),
    (
        "en",
        "Towns are worth 2 points per tile and 2 points per shield.",
        ["city completed tile 2", "city completed coat_of_arms 2"],
    ),
    (
        "es",
        "Un camino completado otorga 1 punto por cada loseta.",
        ["road completed tile 1"],
    ),
    (
        "es",
        "Una ciudad completada otorga 2 puntos por cada loseta y 2 puntos por cada escudo.",
        ["city completed tile 2", "city completed coat_of_arms 2"],
    ),
    (
        "es",
        "Un monasterio completado otorga 9 puntos.",
        ["monastery completed fixed 9"],
    ),
    (
        "es",
        "Al final de la partida, cada camino incompleto otorga 1 punto por loseta.",
        ["road incomplete tile 1"],
    ),
    (
        "es",
        "Cada granjero recibe 3 puntos por cada ciudad completada adyacente a su campo.",
        ["field end_game completed_city 3"],
    ),
    (
        "es",
        "Un camino con posada vale 2 puntos por loseta, pero si está incompleto al "
        "final de la partida no vale nada.",
        ["inn completed tile 2", "inn incomplete tile 0"],
    ),
    (
        "es",
        "Cada loseta de un camino completado vale 1 punto.",
        ["road completed tile 1"],
    ),
    (
        "es",
        "Las ciudades completadas otorgan 2 puntos por loseta y 2 puntos por escudo.",
        ["city completed tile 2", "city completed coat_of_arms 2"],
    ),
    (
        "es",
        "Un monasterio rodeado por 8 losetas otorga 9 puntos.",
        ["monastery completed fixed 9"],
    ),
    (
        "es",
        "Al final de la partida, cada camino incompleto da 1 punto por loseta y cada "
        "ciudad incompleta 1 punto por loseta y 1 punto por escudo.",
        ["road incomplete tile 1", "city incomplete tile 1", "city incomplete coat_of_arms 1"],
    ),
    (
        "es",
        "Caminos: al completarse, cada loseta da 1 punto al jugador con más ladrones.",
        ["road completed tile 1"],
    ),
    (
        "es",
        "Ciudades: 2 puntos por cada loseta y 2 puntos por cada escudo.",
        ["city completed tile 2", "city completed coat_of_arms 2"],
    ),
    (
        "es",
        "Monasterios: 9 puntos cuando están rodeados por 8 losetas.",
        ["monastery completed fixed 9"],
    ),
    (
        "es",
        "Al final de la partida, los caminos y ciudades incompletos valen 1 punto por "
        "loseta, y los monasterios 1 punto por cada loseta.",
        ["road incomplete tile 1", "city incomplete tile 1", "monastery incomplete tile 1"],
    ),
    (
        "es",
        "Los granjeros obtienen 3 puntos por cada ciudad completada adyacente a su campo.",
        ["field end_game completed_city 3"],
    ),
    (
        "es",
        "Un camino con posada da 2 puntos por loseta, pero si no se completa no da ningún punto.",
        ["inn completed tile 2", "inn incomplete tile 0"],
    ),
    (
        "fr",
        "Une route achevée rapporte 1 point par tuile.",
        ["road completed tile 1"],
    ),
    (
        "fr",
        "Une ville achevée rapporte 2 points par tuile et 2 points par blason.",
        ["city completed tile 2", "city completed coat_of_arms 2"],
    ),
    (
        "fr",
        "Une abbaye achevée rapporte 9 points.",
        ["monastery completed fixed 9"],
    ),
    (
        "fr",
        "À la fin de la partie, chaque route inachevée rapporte 1 point par tuile.",
        ["road incomplete tile 1"],
    ),
    (
        "fr",
        "Chaque paysan rapporte 3 points par ville achevée adjacente à son pré.",
        ["field end_game completed_city 3"],
    ),
    (
        "fr",
        "Une route avec une auberge rapporte 2 points par tuile ; si elle est inachevée"
        " à la fin de la partie, elle ne rapporte rien.",
        ["inn completed tile 2", "inn incomplete tile 0"],
    ),
    (
        "fr",
        "Chaque tuile d'une route achevée rapporte 1 point.",
        ["road completed tile 1"],
    ),
    (
        "fr",
        "Un monastère entouré de 8 tuiles rapporte 9 points.",
        ["monastery completed fixed 9"],
    ),
    (
        "fr",
        "Les routes rapportent 1 point par tuile, les villes 2 points par tuile et 2 "
        "points par blason.",
        ["road completed tile 1", "city completed tile 2", "city completed coat_of_arms 2"],
    ),
    (
        "fr",
        "Les villes achevées rapportent 2 points par tuile, plus 2 points par blason.",
        ["city completed tile 2", "city completed coat_of_arms 2"],
    ),
    (
        "fr",
        "À la fin de la partie, les routes et les villes inachevées rapportent 1 point par tuile.",
        ["road incomplete tile 1", "city incomplete tile 1"],
    ),
    (
        "fr",
        "Chaque paysan rapporte 3 points pour chaque ville achevée bordant son pré.",
        ["field end_game completed_city 3"],
    ),
    (
        "hu",
        "A befejezett út minden lapkája 1 pontot ér.",
        ["road completed tile 1"],
    ),
    (
        "hu",
        "A befejezett város lapkánként 2 pontot és címerenként 2 pontot ér.",
        ["city completed tile 2", "city completed coat_of_arms 2"],
    ),
    (
        "hu",
        "A befejezett kolostor 9 pontot ér.",
        ["monastery completed fixed 9"],
    ),
    (
        "hu",
        "A játék végén minden befejezetlen út lapkánként 1 pontot ér.",
        ["road incomplete tile 1"],
    ),
    (
        "hu",
        "A játék végén a befejezetlen város lapkánként és címerenként 1 pontot ér.",
        ["city incomplete tile 1", "city incomplete coat_of_arms 1"],
    ),
    (
        "it",
        "Una strada completata vale 1 punto per ogni tessera.",
        ["road completed tile 1"],
    ),
    (
        "it",
        "Una città completata vale 2 punti per ogni tessera e 2 punti per ogni stemma.",
        ["city completed tile 2", "city completed coat_of_arms 2"],
    ),
    (
        "it",
        "Un monastero completato vale 9 punti.",
        ["monastery completed fixed 9"],
    ),
    (
        "it",
        "Alla fine della partita, ogni strada incompleta vale 1 punto per tessera.",
        ["road incomplete tile 1"],
    ),
    (
        "it",
        "Ogni città incompleta vale 1 punto per tessera e 1 punto per stemma.",
        ["city incomplete tile 1", "city incomplete coat_of_arms 1"],
    ),
    (
        "it",
        "Ogni contadino ottiene 3 punti per ogni città completata adiacente al suo prato.",
        ["field end_game completed_city 3"],
    ),
    (
        "it",
        "Una strada con una locanda vale 2 punti per tessera; se incompleta alla fine "
        "della partita non vale nulla.",
        ["inn completed tile 2", "inn incomplete tile 0"],
    ),
    (
        "it",
        "Una città con una cattedrale vale 3 punti per tessera e per stemma.",
        ["cathedral completed tile 3", "cathedral completed coat_of_arms 3"],
    ),
    (
        "it",
        "Il giocatore con più merci di un tipo riceve 10 punti alla fine della partita.",
        ["goods end_game majority 10"],
    ),
    (
        "it",
        "Ogni tessera di una strada completata vale 1 punto.",
        ["road completed tile 1"],
    ),
    (
        "it",
        "Le città completate valgono 2 punti per tessera e 2 punti per ogni scudo.",
        ["city completed tile 2", "city completed coat_of_arms 2"],
    ),
    (
        "it",
        "Il monastero completato fa guadagnare 9 punti.",
        ["monastery completed fixed 9"],
    ),
    (
        "it",
        "Alla fine della partita, le strade incomplete valgono 1 punto per tessera.",
        ["road incomplete tile 1"],
    ),
    (
        "it",
        "Una città incompleta vale 1 punto per ogni tessera e per ogni stemma.",
        ["city incomplete tile 1", "city incomplete coat_of_arms 1"],
    ),
    (
        "it",
        "Strade e città valgono rispettivamente uno e due punti per tessera.",
        ["road completed tile 1", "city completed tile 2"],
    ),
    (
        "it",
        "Al termine della partita le strade incomplete valgono 1 punto per tessera, le "
        "città incomplete 1 punto per tessera e 1 per scudo.",
        ["road incomplete tile 1", "city incomplete tile 1", "city incomplete coat_of_arms 1"],
    ),
    (
        "it",
        "Strade: quando una strada viene completata, il giocatore che ha più ladroni su"
        " di essa ottiene 1 punto per ogni tessera che la compone.",
        ["road completed tile 1"],
    ),
    (
        "it",
        "Città: una città completata vale 2 punti per ogni tessera e 2 punti aggiuntivi"
        " per ogni scudo.",
        ["city completed tile 2", "city completed coat_of_arms 2"],
    ),
    (
        "it",
        "Monasteri: un monastero circondato da 8 tessere vale 9 punti.",
        ["monastery completed fixed 9"],
    ),
    (
        "it",
        "Alla fine della partita si contano anche le costruzioni incomplete: ogni "
        "strada incompleta vale 1 punto per tessera, ogni città incompleta 1 punto per "
        "tessera e 1 per scudo, ogni monastero 1 punto più 1 punto per ogni tessera "
        "adiacente.",
        [
            "road incomplete tile 1",
            "city incomplete tile 1",
            "city incomplete coat_of_arms 1",
            "monastery incomplete fixed 1",
            "monastery incomplete surrounding_tile 1",
        ],
    ),
    (
        "it",
        "I contadini ottengono 3 punti per ogni città completata che confina con il loro prato.",
        ["field end_game completed_city 3"],
    ),
    (
        "it",
        "Se una città contiene una cattedrale, ogni tessera e ogni scudo valgono 3 "
        "punti; ma se alla fine la città è incompleta, non vale nulla.",
        [
            "cathedral completed tile 3",
            "cathedral completed coat_of_arms 3",
            "cathedral incomplete tile 0",
        ],
    ),
    (
        "it",
        "Una strada con una locanda vale 2 punti per tessera anziché 1.",
        ["inn completed tile 2", "road completed tile 1"],
    ),
    (
        "it",
        "Il maiale fa guadagnare 1 punto in più per ogni città.",
        ["pig end_game completed_city 1"],
    ),
    (
        "it",
        "Chi ha più gettoni vino alla fine della partita riceve 10 punti.",
        ["goods end_game majority 10"],
    ),
    (
        "nl",
        "Een voltooide weg levert 1 punt per tegel op.",
        ["road completed tile 1"],
    ),
    (
        "nl",
        "Een voltooide stad levert 2 punten per tegel en 2 punten per wapen op.",
        ["city completed tile 2", "city completed coat_of_arms 2"],
    ),
    (
        "nl",
        "Een voltooid klooster levert 9 punten op.",
        ["monastery completed fixed 9"],
    ),
    (
        "nl",
        "Aan het einde van het spel levert elke onvoltooide weg 1 punt per tegel op.",
        ["road incomplete tile 1"],
    ),
    (
        "nl",
        "Een afgebouwde weg levert 1 punt per tegel op.",
        ["road completed tile 1"],
    ),
    (
        "nl",
        "Een voltooide stad levert 2 punten op voor elke tegel en elk wapen.",
        ["city completed tile 2", "city completed coat_of_arms 2"],
    ),
    (
        "nl",
        "Aan het einde van het spel krijgt iedere boer 3 punten voor elke voltooide stad.",
        ["field end_game completed_city 3"],
    ),
    (
        "nl",
        "Aan het einde van het spel: onvoltooide wegen 1 punt per tegel, onvoltooide "
        "steden 1 punt per tegel en wapen.",
        ["road incomplete tile 1", "city incomplete tile 1", "city incomplete coat_of_arms 1"],
    ),
    (
        "nl",
        "Boeren krijgen 3 punten voor elke voltooide stad die aan hun weiland grenst.",
        ["field end_game completed_city 3"],
    ),
    (
        "nl",
        "Een stad met een kathedraal levert 3 punten per tegel en per wapen op.",
        ["cathedral completed tile 3", "cathedral completed coat_of_arms 3"],
    ),
    (
        "pl",
        "Ukończona droga daje 1 punkt za każdą płytkę.",
        ["road completed tile 1"],
    ),
    (
        "pl",
        "Ukończone miasto daje 2 punkty za każdą płytkę i 2 punkty za każdy herb.",
        ["city completed tile 2", "city completed coat_of_arms 2"],
    ),
    (
        "pl",
        "Ukończony klasztor daje 9 punktów.",
        ["monastery completed fixed 9"],
    ),
    (
        "pl",
        "Na koniec gry każda nieukończona droga daje 1 punkt za każdą płytkę.",
        ["road incomplete tile 1"],
    ),
    (
        "pl",
        "Za każdą płytkę ukończonej drogi gracz otrzymuje 1 punkt.",
        ["road completed tile 1"],
    ),
    (
        "pl",
        "Na koniec gry niedokończone drogi i miasta dają po 1 punkcie za każdą płytkę.",
        ["road incomplete tile 1", "city incomplete tile 1"],
    ),
    (
        "pl",
        "Ukończone miasto jest warte 2 punkty za każdą płytkę i 2 punkty za każdy herb.",
        ["city completed tile 2", "city completed coat_of_arms 2"],
    ),
    (
        "pl",
        "Rolnicy otrzymują 3 punkty za każde ukończone miasto graniczące z ich łąką.",
        ["field end_game completed_city 3"],
    ),
    (
        "pt",
        "Uma estrada completa vale 1 ponto por peça.",
        ["road completed tile 1"],
    ),
    (
        "pt",
        "Uma cidade completa vale 2 pontos por peça e 2 pontos por escudo.",
        ["city completed tile 2", "city completed coat_of_arms 2"],
    ),
    (
        "ro",
        "Un drum finalizat aduce 1 punct pentru fiecare cartonaș.",
        ["road completed tile 1"],
    ),
    (
        "ru",
        "Завершённая дорога приносит 1 очко за каждый квадрат.",
        ["road completed tile 1"],
    ),
    (
        "ru",
        "Завершённый город приносит 2 очка за каждый квадрат и 2 очка за каждый щит.",
        ["city completed tile 2", "city completed coat_of_arms 2"],
    ),
    (
        "ru",
        "Завершённый монастырь приносит 9 очков.",
        ["monastery completed fixed 9"],
    ),
    (
        "ru",
        "В конце игры каждая незавершённая дорога приносит 1 очко за каждый квадрат.",
        ["road incomplete tile 1"],
    ),
    (
        "ru",
        "За каждый квадрат завершённой дороги игрок получает 1 очко.",
        ["road completed tile 1"],
    ),
    (
        "sk",
        "Za dokončenú cestu získa hráč 1 bod za každú kartičku.",
        ["road completed tile 1"],
    ),
    (
        "sk",
        "Dokončené mesto prinesie 2 body za každú kartičku a 2 body za každý erb.",
        ["city completed tile 2", "city completed coat_of_arms 2"],
    ),
    (
        "en",
        "The player scores as many points as there are tiles in the road.",
        ["road completed tile 1"],
    ),
    (
        "de",
        "Der Spieler erhält so viele Punkte, wie die Straße Plättchen hat.",
        ["road completed tile 1"],
    ),
    (
        "es",
        "El jugador recibe tantos puntos como losetas tenga el camino.",
        ["road completed tile 1"],
    ),
    (
        "it",
        "Il giocatore riceve tanti punti quante sono le tessere della strada.",
        ["road completed tile 1"],
    ),
    ("nl", "De speler krijgt evenveel punten als de weg tegels heeft.", ["road completed tile 1"]),
    ("pl", "Gracz otrzymuje tyle punktów, ile płytek ma droga.", ["road completed tile 1"]),
    (
        "pl",
        "Na koniec gry nieukończone miasta dają tylko 1 punkt za płytkę i 1 za herb.",
        ["city incomplete tile 1", "city incomplete coat_of_arms 1"],
    ),
    (
        "de",
        "Wird eine Straße oder eine Stadt gewertet, zählt jedes Gebäude, das auf einer Karte der"
        " Wiese liegt, 1 Punkt zusätzlich.",
        ["road completed little_building 1", "city completed little_building 1"],
    ),
    # elliptic numbers: "... and one per coat of arms"; "..., the incomplete ones only 1"
    (
        "it",
        "A fine partita le città incomplete valgono un punto per tessera e uno per stemma.",
        ["city incomplete tile 1", "city incomplete coat_of_arms 1"],
    ),
    (
        "fr",
        "En fin de partie, les villes incomplètes rapportent un point par tuile et un par blason.",
        ["city incomplete tile 1", "city incomplete coat_of_arms 1"],
    ),
    (
        "es",
        "Cada ciudad completa puntúa 2 puntos por loseta y 2 puntos por escudo, mientras que las"
        " incompletas solo 1.",
        [
            "city completed tile 2",
            "city completed coat_of_arms 2",
            "city incomplete tile 1",
            "city incomplete coat_of_arms 1",
        ],
    ),
    (
        "it",
        "Le città completate danno 2 punti per tessera e 2 per stemma, quelle incomplete a fine"
        " partita solo 1.",
        [
            "city completed tile 2",
            "city completed coat_of_arms 2",
            "city incomplete tile 1",
            "city incomplete coat_of_arms 1",
        ],
    ),
    (
        "en",
        "A completed city scores 2 points per tile and 2 points per coat of arms, an incomplete"
        " one only 1.",
        [
            "city completed tile 2",
            "city completed coat_of_arms 2",
            "city incomplete tile 1",
            "city incomplete coat_of_arms 1",
        ],
    ),
    (
        "it",
        "La locanda raddoppia il valore della strada, ma se la strada non viene completata vale"
        " zero.",
        ["inn completed tile ? x2", "inn incomplete tile 0"],
    ),
    # "..., or 4 if he has a pig": the elliptic number after "or" is the modifier's
    (
        "es",
        "El granjero recibe 3 puntos por cada ciudad completa, o 4 si tiene un cerdo.",
        ["field end_game completed_city 3", "pig end_game completed_city 4"],
    ),
    (
        "it",
        "Il contadino riceve 3 punti per ogni città completata, o 4 se ha il maiale.",
        ["field end_game completed_city 3", "pig end_game completed_city 4"],
    ),
    (
        "fr",
        "Le paysan reçoit 3 points par ville achevée, ou 4 s'il a un cochon.",
        ["field end_game completed_city 3", "pig end_game completed_city 4"],
    ),
    (
        "en",
        "A farmer scores 3 points per completed city, or 4 if there is a pig in the field.",
        ["field end_game completed_city 3", "pig end_game completed_city 4"],
    ),
    # "N points instead of M per unit": the unit after the base slot is the rate's too
    (
        "it",
        "Con il maiale, il contadino riceve 4 punti invece di 3 per ogni città completata.",
        ["pig end_game completed_city 4", "field end_game completed_city 3"],
    ),
    (
        "es",
        "Un camino con posada da 2 puntos en lugar de 1 por cada loseta.",
        ["inn completed tile 2", "road completed tile 1"],
    ),
    (
        "fr",
        "Une ville avec une cathédrale rapporte 3 points au lieu de 2 par tuile.",
        ["cathedral completed tile 3", "city completed tile 2"],
    ),
    (
        "ca",
        "Un camí amb una posada val 2 punts per cada rajola si està completat; si queda incomplet"
        " al final de la partida, no val res.",
        ["inn completed tile 2", "inn incomplete tile 0"],
    ),
    # goods "per type": a majority
    (
        "es",
        "Al final de la partida, quien tenga más fichas de vino, trigo o tela gana 10 puntos por"
        " cada tipo.",
        ["goods end_game majority 10"],
    ),
    (
        "en",
        "At the end of the game, the player with the most goods tokens scores 10 points for each"
        " type.",
        ["goods end_game majority 10"],
    ),
    # "instead of one": an article after "instead of" is the base rate's number
    (
        "fr",
        "Lorsqu'une route comportant une auberge est achevée, chaque tuile de cette route"
        " rapporte 2 points au lieu d'un.",
        ["inn completed tile 2", "road completed tile 1"],
    ),
    (
        "es",
        "Cada loseta de un camino con posada da 2 puntos en lugar de uno.",
        ["inn completed tile 2", "road completed tile 1"],
    ),
    (
        "en",
        "Each tile of a road with an inn scores 2 points instead of one.",
        ["inn completed tile 2", "road completed tile 1"],
    ),
    # an article and a noun before a multiplier word: an adjective ("a double turn")
    ("fr", "Les bâtisseurs permettent de jouer un tour double.", []),
    ("it", "Il costruttore permette di giocare un turno doppio.", []),
    ("es", "El constructor permite jugar un turno doble.", []),
    # a parenthesis after a rate giving its other state: its amount is that state's rate, and
    # its state words are not the rate's before it
    (
        "es",
        "Las ciudades dan 2 puntos por loseta y escudo (1 punto si están incompletas al final de"
        " la partida).",
        [
            "city completed tile 2",
            "city completed coat_of_arms 2",
            "city incomplete tile 1",
            "city incomplete coat_of_arms 1",
        ],
    ),
    (
        "it",
        "Le città valgono 2 punti per tessera (1 punto se incomplete a fine partita).",
        ["city completed tile 2", "city incomplete tile 1"],
    ),
    (
        "fr",
        "Les villes rapportent 2 points par tuile (1 point si elles sont inachevées en fin de"
        " partie).",
        ["city completed tile 2", "city incomplete tile 1"],
    ),
    (
        "en",
        "Cities score 2 points per tile (1 point per tile if incomplete at the end of the game).",
        ["city completed tile 2", "city incomplete tile 1"],
    ),
    # a unit that belongs to one feature names it: sheep are a flock's
    ("es", "Cada oveja vale 1 punto.", ["flock during_game sheep 1"]),
    ("it", "Ogni pecora vale un punto.", ["flock during_game sheep 1"]),
    # a ransom is a penalty
    (
        "fr",
        "Pour libérer un prisonnier, il faut payer une rançon de 3 points.",
        ["prisoner during_game fixed -3"],
    ),
    (
        "es",
        "Para liberar a un prisionero hay que pagar un rescate de 3 puntos.",
        ["prisoner during_game fixed -3"],
    ),
    # a modifier named after an alternative rate ("..., or 3 points if it has a cathedral") is
    # the alternative's, not the rate's before it
    (
        "it",
        "Una città completata vale 2 punti per tessera, o 3 punti per tessera se la città ha una"
        " cattedrale.",
        ["city completed tile 2", "cathedral completed tile 3"],
    ),
    (
        "es",
        "Una ciudad completada vale 2 puntos por loseta, o 3 puntos por loseta si tiene una"
        " catedral.",
        ["city completed tile 2", "cathedral completed tile 3"],
    ),
    (
        "en",
        "A completed city scores 2 points per tile, or 3 points per tile if it has a cathedral.",
        ["city completed tile 2", "cathedral completed tile 3"],
    ),
    # "PV" (punti vittoria, points de victoire) as a points word
    ("it", "Ogni strada completata vale 1 PV per tessera.", ["road completed tile 1"]),
    ("fr", "Chaque route achevée rapporte 1 PV par tuile.", ["road completed tile 1"]),
    # "... plus one for the monastery itself": an elliptic flat amount
    (
        "es",
        "Al final de la partida, cada monasterio incompleto suma 1 punto por cada loseta que lo"
        " rodea más uno por el propio monasterio.",
        ["monastery incomplete surrounding_tile 1", "monastery incomplete fixed 1"],
    ),
    (
        "it",
        "Alla fine della partita un monastero incompleto vale 1 punto per ogni tessera adiacente"
        " più uno per il monastero stesso.",
        ["monastery incomplete surrounding_tile 1", "monastery incomplete fixed 1"],
    ),
    # features listed together: a coat of arms is the city's only
    (
        "es",
        "Al final de la partida se puntúan los caminos y ciudades incompletos: 1 punto por"
        " loseta y por escudo.",
        ["road incomplete tile 1", "city incomplete tile 1", "city incomplete coat_of_arms 1"],
    ),
    (
        "it",
        "A fine partita, strade e città incomplete valgono 1 punto per tessera e per stemma.",
        ["road incomplete tile 1", "city incomplete tile 1", "city incomplete coat_of_arms 1"],
    ),
    (
        "fr",
        "En fin de partie, les routes et villes inachevées rapportent 1 point par tuile et par"
        " blason.",
        ["road incomplete tile 1", "city incomplete tile 1", "city incomplete coat_of_arms 1"],
    ),
    (
        "en",
        "At the end of the game, incomplete roads and cities score 1 point per tile and coat of"
        " arms.",
        ["road incomplete tile 1", "city incomplete tile 1", "city incomplete coat_of_arms 1"],
    ),
    # Italian "a tessera", "a stemma": a unit and its "per" in one phrase
    (
        "it",
        "Le città valgono due punti a tessera, più due punti per ogni stemma.",
        ["city completed tile 2", "city completed coat_of_arms 2"],
    ),
    ("it", "Ogni strada completata vale 1 punto a tessera.", ["road completed tile 1"]),
    # a multiplier word of a field's points: the field's rate is per completed city
    ("it", "Il mago raddoppia i punti dei contadini.", ["field end_game completed_city ? x2"]),
    ("es", "Los granjeros reciben el doble de puntos.", ["field end_game completed_city ? x2"]),
    ("en", "The farmers score double points.", ["field end_game completed_city ? x2"]),
    ("fr", "Les paysans marquent le double de points.", ["field end_game completed_city ? x2"]),
    # a clause naming two states: each amount takes its comma segment's
    (
        "en",
        "A completed city scores 2 points per tile, an incomplete one 1 point per tile.",
        ["city completed tile 2", "city incomplete tile 1"],
    ),
    (
        "es",
        "Una ciudad completada vale 2 puntos por loseta, una incompleta 1 punto por loseta.",
        ["city completed tile 2", "city incomplete tile 1"],
    ),
    (
        "it",
        "Se la città non viene completata non vale nulla, se viene completata vale 1 punto per"
        " tessera.",
        ["city incomplete tile 0", "city completed tile 1"],
    ),
    (
        "fr",
        "Une ville achevée rapporte 2 points par tuile, une ville inachevée 1 point par tuile.",
        ["city completed tile 2", "city incomplete tile 1"],
    ),
    # the Slavic lexicons' inflections: negated verbs ("nepřinese"), two-word negated states
    # ("не достроена"), inflected goods ("vína", "вина"), the products' words ("vinice", "храм")
    (
        "cs",
        "Pokud cesta s hostincem není na konci hry dokončena, nepřinese žádné body.",
        ["inn incomplete tile 0"],
    ),
    (
        "cs",
        "Na konci hry získá hráč s nejvíce žetony vína 10 bodů.",
        ["goods end_game majority 10"],
    ),
    (
        "cs",
        "Za každou vinici na okolních kartičkách získá klášter 3 body navíc.",
        ["monastery completed vineyard 3"],
    ),
    (
        "sk",
        "Ak cesta s hostincom nie je na konci hry dokončená, neprinesie žiadne body.",
        ["inn incomplete tile 0"],
    ),
    (
        "sk",
        "Na konci hry získa hráč s najviac žetónmi vína 10 bodov.",
        ["goods end_game majority 10"],
    ),
    (
        "ru",
        "Если дорога с таверной не достроена к концу игры, она не приносит очков.",
        ["inn incomplete tile 0"],
    ),
    (
        "ru",
        "В конце игры игрок, у которого больше всего жетонов вина, получает 10 очков.",
        ["goods end_game majority 10"],
    ),
    (
        "ru",
        "Завершённый город с храмом приносит 3 очка за каждый квадрат.",
        ["cathedral completed tile 3"],
    ),
    ("pl", "Opactwo pozwala zdobyć 9 punktów, tak jak klasztor.", ["abbey completed fixed 9"]),
    # the products' words of the Czech, Slovak and Romanian wiki pages: besieged cities
    # ("obléhané město"), German castles ("německý hrad", "castelul german"), "sedliaci"
    (
        "cs",
        "Obléhané město získá po dokončení za každou kartičku a každý erb jen 1 bod místo 2 bodů.",
        [
            "besieged_city completed tile 1",
            "besieged_city completed coat_of_arms 1",
            "city completed tile 2",
            "city completed coat_of_arms 2",
        ],
    ),
    (
        "cs",
        "Pán německého hradu získá 1 bod za každou kartičku hradu.",
        ["german_castle completed tile 1"],
    ),
    (
        "sk",
        "Sedliaci získajú 3 body za každé dokončené mesto.",
        ["field end_game completed_city 3"],
    ),
    (
        "ro",
        "Castelul german valorează 2 puncte plus 1 punct pentru fiecare cartonaș adiacent.",
        ["german_castle completed fixed 2", "german_castle completed surrounding_tile 1"],
    ),
    (
        "hu",
        "Ha az út a játék végéig nem készül el, a fogadó miatt nem ér pontot.",
        ["inn incomplete tile 0"],
    ),
    # "each" in every case ("z každého", "przy każdej", "с каждой") and the tiles' locatives
    # ("płytce", "kartičce")
    (
        "pl",
        "Świnka powiększa o 1 pkt zysk z każdego miasta graniczącego z łąką.",
        ["pig end_game completed_city 1"],
    ),
    ("pl", "Gracz dostaje 2 punkty przy każdej płytce miasta.", ["city completed tile 2"]),
    ("cs", "Na každé kartičce cesty získá hráč 1 bod.", ["road completed tile 1"]),
    (
        "cs",
        "Sedlák získá 3 body z každého dokončeného města u své louky.",
        ["field end_game completed_city 3"],
    ),
    ("ru", "Игрок получает по 2 очка с каждой плитки города.", ["city completed tile 2"]),
    (
        "sk",
        "Sedliak získa 3 body z každého dokončeného mesta pri svojej lúke.",
        ["field end_game completed_city 3"],
    ),
    # more case forms: ru "очком", "плиток", cs "z luk", hu "ponttal", sk "miest"
    (
        "ru",
        "Свинья приносит на одно очко больше за каждый город, граничащий с полем.",
        ["pig end_game completed_city 1"],
    ),
    ("ru", "Рыцарь получает 2 очка за каждую из плиток города.", ["city completed tile 2"]),
    (
        "cs",
        "Prasátko zvýší výnos sedlákům z luk o 1 bod za každé dokončené město.",
        ["pig end_game completed_city 1"],
    ),
    (
        "hu",
        "A malac a rétjével határos minden befejezett városért 1 ponttal több pontot hoz.",
        ["pig end_game completed_city 1"],
    ),
    ("sk", "Za každú kartičku miest získa hráč 2 body.", ["city completed tile 2"]),
    # the figures' plurals (k -> c, ch -> ś/š/s): "rolnicy", "rozbójnicy", "mniši", "roľníci"
    (
        "pl",
        "Po zakończeniu gry rolnicy dostają po 3 punkty za każde ukończone miasto przylegające"
        " do ich pola.",
        ["field end_game completed_city 3"],
    ),
    ("pl", "Rozbójnicy dostają 1 punkt za każdą płytkę drogi.", ["road completed tile 1"]),
    ("cs", "Mniši získají za dokončený klášter 9 bodů.", ["monastery completed fixed 9"]),
    (
        "sk",
        "Roľníci získajú 3 body za každé dokončené mesto.",
        ["field end_game completed_city 3"],
    ),
    # multiplier words in more forms: "podwoi", "удвоит", "dvojnásobek bodů", "dvojnásobně";
    # a masculine "podwójny"/"двойной" is a builder's double turn, no multiplier of points
    ("pl", "Karczma podwoi wartość drogi.", ["inn completed tile ? x2"]),
    ("ru", "Таверна удвоит стоимость дороги.", ["inn completed tile ? x2"]),
    ("cs", "Hostinec znamená dvojnásobek bodů za cestu.", ["inn completed tile ? x2"]),
    ("cs", "Cesta s hostincem přinese body dvojnásobně.", ["inn completed tile ? x2"]),
    ("pl", "Budowniczy daje podwójny ruch.", []),
    # end-of-game phrases in more cases: "při závěrečném hodnocení", "при
    # итоговом подсчёте", "до конца игры", "podczas ostatecznej punktacji", "la încheierea
    # jocului", "pri záverečnom hodnotení"
    (
        "cs",
        "Při závěrečném hodnocení přinese každá cesta 1 bod za kartičku.",
        ["road incomplete tile 1"],
    ),
    (
        "ru",
        "При итоговом подсчёте каждая дорога приносит 1 очко за квадрат.",
        ["road incomplete tile 1"],
    ),
    (
        "pl",
        "Podczas ostatecznej punktacji każda droga daje 1 punkt za płytkę.",
        ["road incomplete tile 1"],
    ),
    (
        "ro",
        "La încheierea jocului, fiecare drum valorează 1 punct pentru fiecare cartonaș.",
        ["road incomplete tile 1"],
    ),
    (
        "sk",
        "Pri záverečnom hodnotení získa každá cesta 1 bod za kartičku.",
        ["road incomplete tile 1"],
    ),
    # a singular points word with no number before a "per" word is one point (no article)
    (
        "pl",
        "Za ukończoną drogę dostajemy punkt za każdy kafelek, za miasto dwa punkty za kafelek i"
        " dwa za każdy herb.",
        ["road completed tile 1", "city completed tile 2", "city completed coat_of_arms 2"],
    ),
    (
        "pl",
        "Świnia daje rolnikowi dodatkowy punkt za każde miasto.",
        ["pig end_game completed_city 1"],
    ),
    (
        "pl",
        "Za niedokończony klasztor dostajemy po punkcie za każdą sąsiednią płytkę i punkt za sam"
        " klasztor.",
        ["monastery incomplete surrounding_tile 1", "monastery incomplete fixed 1"],
    ),
    ("cs", "Za dokončenou cestu dostane hráč bod za každou kartičku.", ["road completed tile 1"]),
    ("sk", "Za dokončenú cestu dostane hráč bod za každú kartičku.", ["road completed tile 1"]),
    ("ru", "Разбойник получает очко за каждый квадрат дороги.", ["road completed tile 1"]),
    ("pl", "Punkt kontrolny jest za mostem.", []),  # no "per" after it: no amount
    # a flat amount of 50 points or more is a player's score (the score track's lap), no rate
    (
        "pl",
        "Klasztor daje 9 punktów. W ostatniej partii zdobyłem aż 120 punktów.",
        ["monastery completed fixed 9"],
    ),
    (
        "en",
        "The monastery scores 9 points. Last time I scored 112 points.",
        ["monastery completed fixed 9"],
    ),
    ("cs", "Klášter přinese 9 bodů. Vyhrál jsem se 104 body.", ["monastery completed fixed 9"]),
    # ru "вдвое меньше" is half as much: only "вдвое больше" doubles
    ("ru", "В конце игры незавершённые объекты приносят вдвое меньше.", []),
    ("ru", "Дорога с таверной приносит вдвое больше очков.", ["inn completed tile ? x2"]),
    # Romanian wiki words: the besieged city ("oraș asediat", "Catarii"), the shrine ("lăcaș de
    # cult"), the king ("regele") and the robber baron ("cavalerul brigand", not a knight's city)
    (
        "ro",
        "Fiecare cartonaș al unui oraș asediat finalizat valorează doar 1 punct.",
        ["besieged_city completed tile 1"],
    ),
    ("ro", "Un lăcaș de cult finalizat valorează 9 puncte.", ["shrine completed fixed 9"]),
    (
        "ro",
        "La sfârșitul jocului, jucătorul cu cartonașul cu regele primește 1 punct pentru fiecare"
        " oraș finalizat.",
        ["king end_game completed_city 1"],
    ),
    (
        "ro",
        "Cavalerul brigand primește 1 punct pentru fiecare drum finalizat.",
        ["scout completed completed_road 1"],
    ),
    # "..., plus one": a number closing its clause after "plus" is a flat amount after the rate
    (
        "en",
        "At the end of the game, an incomplete monastery scores as many points as there are tiles"
        " around it, plus one.",
        ["monastery incomplete surrounding_tile 1", "monastery incomplete fixed 1"],
    ),
    (
        "pl",
        "Pod koniec rozgrywki każdy niedokończony klasztor daje tyle punktów, ile płytek go"
        " otacza, plus jeden.",
        ["monastery incomplete surrounding_tile 1", "monastery incomplete fixed 1"],
    ),
    (
        "cs",
        "Na konci hry přinese každý nedokončený klášter tolik bodů, kolik kartiček ho obklopuje,"
        " plus jeden.",
        ["monastery incomplete surrounding_tile 1", "monastery incomplete fixed 1"],
    ),
    ("en", "A road scores 1 point per tile plus 2 tiles of river.", ["road completed tile 1"]),
    # "je obléháno" (is besieged) names the besieged city for the sentences after it
    (
        "cs",
        "Město s kartičkou obléhatelů je obléháno. Po dokončení získá jen 1 bod za každou"
        " kartičku.",
        ["besieged_city completed tile 1"],
    ),
    # the replaced rate first ("statt 3 nun 4 Punkte pro Stadt"), and Hungarian's "instead of"
    # after the number it replaces ("1 helyett": instead_order "after")
    (
        "de",
        "Mit dem Schwein bekommt der Bauer statt 3 nun 4 Punkte pro fertiger Stadt.",
        ["field end_game completed_city 3", "pig end_game completed_city 4"],
    ),
    (
        "hu",
        "Az út fogadóval lapkánként 2 pontot ér 1 helyett.",
        ["inn completed tile 2", "road completed tile 1"],
    ),
    (
        "hu",
        "A malaccal a paraszt 3 helyett 4 pontot kap minden befejezett városért.",
        ["field end_game completed_city 3", "pig end_game completed_city 4"],
    ),
    # "N points instead of M per unit": the unit after the replaced amount is both amounts'
    (
        "en",
        "With his pig in the field, the farmer scores 4 points instead of 3 for each completed"
        " city.",
        ["pig end_game completed_city 4", "field end_game completed_city 3"],
    ),
    (
        "en",
        "A road with an inn scores 2 points instead of 1 per tile.",
        ["inn completed tile 2", "road completed tile 1"],
    ),
    (
        "de",
        "Mit seinem Schwein auf der Wiese erhält der Bauer 4 Punkte statt 3 für jede fertige"
        " Stadt.",
        ["pig end_game completed_city 4", "field end_game completed_city 3"],
    ),
    (
        "pl",
        "Jeśli na łące stoi świnia jej właściciela, otrzymuje on 4 punkty zamiast 3 za każde"
        " ukończone miasto.",
        ["pig end_game completed_city 4", "field end_game completed_city 3"],
    ),
    (
        "cs",
        "Pokud je na louce prasátko jejího majitele, získá 4 body místo 3 za každé dokončené"
        " město.",
        ["pig end_game completed_city 4", "field end_game completed_city 3"],
    ),
    (
        "sk",
        "Ak je na lúke prasa jej majiteľa, získa 4 body namiesto 3 za každé dokončené mesto.",
        ["pig end_game completed_city 4", "field end_game completed_city 3"],
    ),
    (
        "ru",
        "Если на поле стоит свинья его владельца, он получает 4 очка вместо 3 за каждый"
        " завершённый город.",
        ["pig end_game completed_city 4", "field end_game completed_city 3"],
    ),
    (
        "ro",
        "Dacă porcul proprietarului se află pe câmp, acesta primește 4 puncte în loc de 3 pentru"
        " fiecare oraș finalizat.",
        ["pig end_game completed_city 4", "field end_game completed_city 3"],
    ),
    # a unit written with its "per" in one word (hu "lapkáért"): after a "per" word, before
    # the next amount, and inside a longer unit phrase ("minden szomszédos lapkáért")
    (
        "hu",
        "A székesegyház a kész várakban plusz 1 pontot ad minden lapkáért és címerért.",
        ["cathedral completed tile +1", "cathedral completed coat_of_arms +1"],
    ),
    (
        "hu",
        "A játék végén a befejezetlen kolostor 1 pontot és minden szomszédos lapkáért 1 pontot ér.",
        ["monastery incomplete fixed 1", "monastery incomplete surrounding_tile 1"],
    ),
    (
        "hu",
        "A kolostor minden szomszédos lapkáért 1 pontot ér.",
        ["monastery completed surrounding_tile 1"],
    ),
    # "from 1 to 2 points per tile" with a points word on the first amount: the unit after the
    # "to" is both amounts'; a threshold word before an amount with a unit states a rate
    (
        "cs",
        "Hostinec zvyšuje hodnotu cesty z jednoho bodu na dva body za kartičku.",
        ["inn completed tile 2", "road completed tile 1"],
    ),
    (
        "cs",
        "Katedrála zvyšuje hodnotu města ze dvou bodů na tři za kartičku.",
        ["cathedral completed tile 3", "city completed tile 2"],
    ),
    (
        "pl",
        "Karczma podwaja wartość drogi, a katedra podnosi wartość miasta do 3 punktów za płytkę.",
        ["inn completed tile ? x2", "cathedral completed tile 3"],
    ),
    (
        "ru",
        "Таверна удваивает очки за дорогу, а собор увеличивает стоимость города до 3 очков за"
        " квадрат.",
        ["inn completed tile ? x2", "cathedral completed tile 3"],
    ),
    (
        "ru",
        "Таверна повышает стоимость дороги с 1 до 2 очков за квадрат.",
        ["inn completed tile 2", "road completed tile 1"],
    ),
    # the points word's dative after the distributive "по" (one point each), in its case forms
    (
        "ru",
        "Незавершённый монастырь приносит по очку за каждый соседний квадрат.",
        ["monastery incomplete surrounding_tile 1"],
    ),
    (
        "ru",
        "За каждый квадрат законченной дороги владелец получает по одному очку.",
        ["road completed tile 1"],
    ),
    # the goods' words in their plural case forms (instrumental, genitive)
    ("cs", "Hráč s nejvíce víny získá na konci hry 10 bodů.", ["goods end_game majority 10"]),
    ("sk", "Hráč s najviac vínami získa na konci hry 10 bodov.", ["goods end_game majority 10"]),
    # Czech "dává" (gives) is a scoring verb like "přinese"
    ("cs", "Každé dokončené město dává sedlákovi 3 body.", ["field end_game completed_city 3"]),
    ("pl", "Kto ma więcej niż 50 punktów, odwraca pionek.", []),  # a score reached, no rate
    # several amounts in one clause: each has its own part, cut at a comma between them
    (
        "en",
        "A completed road scores 1 point per tile, an incomplete road scores 1 point per tile"
        " at the end of the game.",
        ["road completed tile 1", "road incomplete tile 1"],
    ),
    (
        "de",
        "Eine fertige Stadt bringt 2 Punkte pro Plättchen, eine unfertige am Spielende nur 1"
        " Punkt pro Plättchen.",
        ["city completed tile 2", "city incomplete tile 1"],
    ),
    (
        "nl",
        "Een voltooide stad levert 2 punten per tegel op, een onvoltooide stad aan het einde van"
        " het spel 1 punt per tegel.",
        ["city completed tile 2", "city incomplete tile 1"],
    ),
    (
        "fr",
        "Une ville achevée rapporte 2 points par tuile, une ville inachevée 1 point par tuile en"
        " fin de partie.",
        ["city completed tile 2", "city incomplete tile 1"],
    ),
    (
        "it",
        "Una città completata vale 2 punti per tessera, una città incompleta alla fine della"
        " partita 1 punto per tessera.",
        ["city completed tile 2", "city incomplete tile 1"],
    ),
    (  # a condition between two commas is the next amount's
        "en",
        "A city with a cathedral scores 3 points per tile, if it is incomplete at the end, it"
        " scores nothing.",
        ["cathedral completed tile 3", "cathedral incomplete tile 0"],
    ),
    (
        "de",
        "Für eine Straße mit Wirtshaus gibt es 2 Punkte pro Plättchen, ist sie am Ende nicht"
        " fertig, gibt es keine Punkte.",
        ["inn completed tile 2", "inn incomplete tile 0"],
    ),
    (  # a condition after the last amount is every amount's
        "en",
        "Roads score 1 point per tile, cities 2 points per tile, if they are incomplete at the"
        " end of the game.",
        ["road incomplete tile 1", "city incomplete tile 2"],
    ),
    # three or more features listed with commas alone are each scored
    (
        "de",
        "Unfertige Straßen, Städte, Klöster bringen am Spielende 1 Punkt pro Plättchen.",
        ["road incomplete tile 1", "city incomplete tile 1", "monastery incomplete tile 1"],
    ),
    (
        "en",
        "Incomplete roads, cities, monasteries score 1 point per tile at the end of the game.",
        ["road incomplete tile 1", "city incomplete tile 1", "monastery incomplete tile 1"],
    ),
    (
        "nl",
        "Onvoltooide wegen, steden, kloosters leveren aan het einde van het spel 1 punt per"
        " tegel op.",
        ["road incomplete tile 1", "city incomplete tile 1", "monastery incomplete tile 1"],
    ),
    # of two features matching one compound, the longer stem's names it
    ("de", "Jeder Stadtturm bringt 1 Punkt pro Mauerteil.", ["tower completed wall_segment 1"]),
    ("nl", "Een stadstoren levert 1 punt per muurdeel op.", ["tower completed wall_segment 1"]),
    # "N instead of M points" of a feature no modifier changes: M is no rate
    (
        "de",
        "Eine Stadt aus zwei Plättchen gibt nur zwei statt vier Punkte.",
        ["city completed fixed 2"],
    ),
    ("en", "A city of two tiles scores only 2 instead of 4 points.", ["city completed fixed 2"]),
    (
        "nl",
        "Een stad van twee tegels levert maar 2 in plaats van 4 punten op.",
        ["city completed fixed 2"],
    ),
    # a unit implying its feature, in a comma segment that names none
    (
        "de",
        "Straße 1 Punkt pro Karte, Stadt 2 Punkte pro Karte, Wappen 2 Punkte.",
        ["road completed tile 1", "city completed tile 2", "city completed coat_of_arms 2"],
    ),
    (
        "en",
        "Road 1 point per tile, city 2 points per tile, pennant 2 points, monastery 9 points.",
        ["road completed tile 1", "city completed tile 2", "city completed coat_of_arms 2"],
    ),
    (
        "nl",
        "Weg 1 punt per tegel, stad 2 punten per tegel, wapen 2 punten.",
        ["road completed tile 1", "city completed tile 2", "city completed coat_of_arms 2"],
    ),
    # "pub" is a whole word: "public" buildings are no inn's
    (
        "en",
        "Each wall guard scores 2 points for each public building and 3 points for each"
        " historic building.",
        ["guard completed public_building 2", "guard completed historic_building 3"],
    ),
    # a unit that is a feature's as the subject, not a majority's goods tokens
    (
        "de",
        "Ein Weinberg neben einem fertigen Kloster bringt 3 zusätzliche Punkte.",
        ["monastery completed vineyard 3"],
    ),
    (
        "nl",
        "Een wijngaard naast een voltooid klooster levert 3 extra punten op.",
        ["monastery completed vineyard 3"],
    ),
    (
        "en",
        "A vineyard next to a completed monastery adds 3 extra points.",
        ["monastery completed vineyard 3"],
    ),
    (
        "de",
        "Liegen Pilze im Wald, bringt das zwei weitere Punkte.",
        ["forest completed mushroom 2"],
    ),
    (
        "de",
        "Wer die meisten Warenplättchen hat, bekommt 10 Punkte.",
        ["goods end_game majority 10"],
    ),
    # a short head before a colon names the feature of the amounts after it
    (
        "de",
        "Der König: Wer die größte Stadt fertigstellt, erhält am Spielende 1 Punkt für jede"
        " fertige Stadt.",
        ["king end_game completed_city 1"],
    ),
    (
        "en",
        "The king: whoever completes the largest city scores 1 point per completed city at the"
        " end of the game.",
        ["king end_game completed_city 1"],
    ),
    (
        "nl",
        "De koning: wie de grootste stad voltooit, krijgt aan het einde van het spel 1 punt per"
        " voltooide stad.",
        ["king end_game completed_city 1"],
    ),
    # a feature after "like" is a comparison, not the feature scored
    (
        "de",
        "Eine Kultstätte wird wie ein Kloster gewertet und bringt 9 Punkte.",
        ["shrine completed fixed 9"],
    ),
    ("en", "A shrine is scored like a monastery and gives 9 points.", ["shrine completed fixed 9"]),
    (
        "nl",
        "Een heiligdom wordt net als een klooster gewaardeerd en levert 9 punten op.",
        ["shrine completed fixed 9"],
    ),
    # a penalty word right after the amount subtracts it too
    (
        "de",
        "Ein Spieler kauft seinen Gefangenen zurück, indem er dem anderen Spieler 3 Punkte zahlt.",
        ["prisoner completed fixed -3"],
    ),
    (
        "en",
        "When a prisoner is bought back, 3 points are deducted from its owner's score.",
        ["prisoner completed fixed -3"],
    ),
    (
        "nl",
        "Wie zijn gevangene terugkoopt, moet daarvoor 3 punten betalen.",
        ["prisoner completed fixed -3"],
    ),
    # the feature the amount's own unit is of, over a feature it stands in
    (
        "de",
        "Der Schäfer erhält für jedes Schaf auf seiner Wiese einen Punkt.",
        ["flock completed sheep 1"],
    ),
    (
        "en",
        "The shepherd scores 1 point for each sheep in his field.",
        ["flock completed sheep 1"],
    ),
    (
        "nl",
        "De herder krijgt voor elk schaap in zijn weiland 1 punt.",
        ["flock completed sheep 1"],
    ),
    (  # a modifier of the unit's feature stays
        "de",
        "Eine Stadt mit Kathedrale bringt 3 Punkte pro Wappen.",
        ["cathedral completed coat_of_arms 3"],
    ),
    # a unit joined to another with up to two words before it (no number, points or per word)
    (
        "de",
        "In einer fertigen Stadt erhält der Ritter zwei Punkte pro Plättchen sowie eventuell"
        " vorhandene Wappen.",
        ["city completed tile 2", "city completed coat_of_arms 2"],
    ),
    (
        "en",
        "A completed city scores 2 points per tile and any pennants.",
        ["city completed tile 2", "city completed coat_of_arms 2"],
    ),
    (
        "nl",
        "Een voltooide stad levert 2 punten per tegel en elk aanwezig wapen op.",
        ["city completed tile 2", "city completed coat_of_arms 2"],
    ),
    (
        "en",
        "A completed city scores 2 points per tile and two per pennant.",
        ["city completed tile 2", "city completed coat_of_arms 2"],
    ),
    # a points word opening a clause that ends in a negation (German word order)
    ("de", "Punkte bringt ein Affenbrotbaum keine.", ["baobab completed fixed 0"]),
    ("de", "Punkte gibt es für einen Garten keine.", ["garden completed fixed 0"]),
    # "N points instead of one per tile": the number word after "instead of" is no article,
    # and the unit after it is the first amount's too
    (
        "de",
        "Eine Straße mit Wirtshaus bringt zwei Punkte statt einem pro Plättchen.",
        ["inn completed tile 2", "road completed tile 1"],
    ),
    (
        "en",
        "A road with an inn scores two points instead of one per tile.",
        ["inn completed tile 2", "road completed tile 1"],
    ),
    (
        "nl",
        "Een weg met een herberg levert twee punten in plaats van één per tegel op.",
        ["inn completed tile 2", "road completed tile 1"],
    ),
    # a multiplier word whose rate the sentence states with "instead of" is no claim of its own
    (
        "de",
        "Ein Brunnen verdoppelt den Wert der Straße: zwei Punkte statt einem pro Plättchen.",
        ["well completed tile 2", "road completed tile 1"],
    ),
    (
        "nl",
        "Een waterput verdubbelt de waarde van de weg: twee punten in plaats van één per tegel.",
        ["well completed tile 2", "road completed tile 1"],
    ),
    # sheep are a flock's
    ("de", "Jedes Schaf bringt einen Punkt.", ["flock completed sheep 1"]),
    ("en", "Each sheep scores 1 point.", ["flock completed sheep 1"]),
    ("nl", "Elk schaap levert 1 punt op.", ["flock completed sheep 1"]),
    # a number ending a comma segment that names a feature, after another amount
    (
        "de",
        "Straßen bringen einen Punkt je Plättchen, Städte zwei.",
        ["road completed tile 1", "city completed tile 2"],
    ),
    (
        "de",
        "Für jedes Plättchen einer Straße gibt es einen Punkt, bei Städten sind es zwei.",
        ["road completed tile 1", "city completed tile 2"],
    ),
    (
        "en",
        "Completed roads score 1 point per tile, completed cities 2, and monasteries 9.",
        ["road completed tile 1", "city completed tile 2", "monastery completed fixed 9"],
    ),
    (
        "nl",
        "Wegen leveren 1 punt per tegel op, steden 2.",
        ["road completed tile 1", "city completed tile 2"],
    ),
    (
        "fr",
        "Les routes rapportent 1 point par tuile, les villes 2.",
        ["road completed tile 1", "city completed tile 2"],
    ),
    (  # ... or a state, with a number word that is also an article
        "de",
        "Eine fertige Stadt bringt 2 Punkte pro Stadtteil, am Spielende nur noch einen.",
        ["city completed tile 2", "city incomplete tile 1"],
    ),
    (
        "en",
        "A completed city scores 2 points per tile, at the end of the game only one.",
        ["city completed tile 2", "city incomplete tile 1"],
    ),
    # "per X N points and per Y (another) N points": each unit opens its own amount
    (
        "nl",
        "Voor elke tegel van de stad krijg je 2 punten en voor elk schild nog eens 2 punten.",
        ["city completed tile 2", "city completed coat_of_arms 2"],
    ),
    (
        "de",
        "Für jedes Plättchen der Stadt gibt es 2 Punkte und für jedes Wappen gibt es nochmals 2"
        " Punkte.",
        ["city completed tile 2", "city completed coat_of_arms 2"],
    ),
    (
        "en",
        "For each tile of the city you score 2 points and for each coat of arms another 2 points.",
        ["city completed tile 2", "city completed coat_of_arms 2"],
    ),
    # a rate whose unit opens the sentence stays a rate before "plus" another rate
    (
        "en",
        "Every tile in a finished city is worth 2 points, plus 2 points per coat of arms.",
        ["city completed tile 2", "city completed coat_of_arms 2"],
    ),
    (
        "de",
        "Jedes Plättchen einer fertigen Stadt zählt 2 Punkte, plus 2 Punkte pro Wappen.",
        ["city completed tile 2", "city completed coat_of_arms 2"],
    ),
    (
        "nl",
        "Elke tegel van een voltooide stad is 2 punten waard, plus 2 punten per wapen.",
        ["city completed tile 2", "city completed coat_of_arms 2"],
    ),
    # German points words in the dative and in compounds
    ("de", "Eine Stadt wird mit zwei Punkten pro Plättchen belohnt.", ["city completed tile 2"]),
    (
        "de",
        "Die Fee bringt ihrem Besitzer drei Bonuspunkte, wenn das Gebiet gewertet wird.",
        ["fairy completed fixed 3"],
    ),
    # a number word between "por" and the unit counts the tiles (the agent's "por"), as digits do
    (
        "es",
        "Un monasterio rodeado por ocho losetas otorga nueve puntos.",
        ["monastery completed fixed 9"],
    ),
    (
        "pt",
        "Um mosteiro cercado por oito peças vale nove pontos.",
        ["monastery completed fixed 9"],
    ),
    (
        "es",
        "Cada granjero recibe tres puntos por cada ciudad completada.",
        ["field end_game completed_city 3"],
    ),
    # a feature after the amount and an "and" is the next rate's subject, whatever the state
    # words that follow the first feature
    (
        "it",
        "Le strade incomplete valgono 1 punto per tessera e le città incomplete 2 punti per"
        " tessera.",
        ["road incomplete tile 1", "city incomplete tile 2"],
    ),
    (
        "fr",
        "Les routes inachevées rapportent 1 point par tuile et les villes inachevées 2 points"
        " par tuile.",
        ["road incomplete tile 1", "city incomplete tile 2"],
    ),
    (
        "it",
        "A fine partita le strade incomplete valgono un punto per tessera e le città incomplete"
        " un punto per tessera e uno per stemma.",
        ["road incomplete tile 1", "city incomplete tile 1", "city incomplete coat_of_arms 1"],
    ),
    # a points word glued to its number is the sentence's only points word
    (
        "fr",
        "Route : 1pt par tuile",
        ["road completed tile 1"],
    ),
    (
        "it",
        "Città completata: 2pt per tessera e 2pt per stemma",
        ["city completed tile 2", "city completed coat_of_arms 2"],
    ),
    # "completed or not": the rate is both states'
    (
        "fr",
        "Route achevée ou non : 1 point par tuile",
        ["road completed tile 1", "road incomplete tile 1"],
    ),
    (
        "es",
        "Un camino, completado o no, da 1 punto por cada loseta.",
        ["road completed tile 1", "road incomplete tile 1"],
    ),
    (
        "en",
        "A road, completed or not, scores 1 point per tile.",
        ["road completed tile 1", "road incomplete tile 1"],
    ),
    # an elliptic number after a comma and before the modifier it is for: the modifier's rate,
    # and the modifier is not the rate's before it
    (
        "it",
        "Il contadino ottiene 3 punti per ogni città completata, 4 se ha il maiale.",
        ["field end_game completed_city 3", "pig end_game completed_city 4"],
    ),
    (
        "es",
        "El granjero obtiene 3 puntos por cada ciudad completada, 4 si tiene un cerdo.",
        ["field end_game completed_city 3", "pig end_game completed_city 4"],
    ),
    (
        "en",
        "A farmer scores 3 points per completed city, 4 with the pig.",
        ["field end_game completed_city 3", "pig end_game completed_city 4"],
    ),
    # a "per" and an "itself" word: the feature's own flat point, not a rate per a unknown unit
    (
        "it",
        "Un monastero incompleto vale un punto per sé e uno per ogni tessera adiacente.",
        ["monastery incomplete fixed 1", "monastery incomplete surrounding_tile 1"],
    ),
    (
        "es",
        "El monasterio da un punto por cada loseta adyacente y uno por sí mismo.",
        ["monastery completed surrounding_tile 1", "monastery completed fixed 1"],
    ),
    (
        "pt",
        "O mosteiro vale um ponto por si mesmo e um por cada peça adjacente.",
        ["monastery completed fixed 1", "monastery completed surrounding_tile 1"],
    ),
    # a multiplier word after an article and a score noun is a factor of the points
    (
        "it",
        "Una città con la cattedrale ha un punteggio triplo.",
        ["cathedral completed tile ? x3"],
    ),
    (
        "es",
        "Un camino con posada tiene una puntuación doble.",
        ["inn completed tile ? x2"],
    ),
    (
        "fr",
        "Une route avec une auberge a une valeur double.",
        ["inn completed tile ? x2"],
    ),
    ("it", "Il costruttore concede un turno doppio.", []),
    # a completed verb in the infinitive, negated: the incomplete state
    (
        "fr",
        "Si vous ne parvenez pas à achever votre ville, chaque tuile ne rapporte qu'un point.",
        ["city incomplete tile 1"],
    ),
    (
        "fr",
        "Il faut terminer la route pour marquer 1 point par tuile.",
        ["road completed tile 1"],
    ),
    (
        "it",
        "Le strade, completate o no, valgono un punto per tessera.",
        ["road completed tile 1", "road incomplete tile 1"],
    ),
    # "and" opening an aside, then an elliptic number and an extra word before its "per"
    (
        "es",
        "Una ciudad completada da 2 puntos por loseta (y 2 más por cada escudo).",
        ["city completed tile 2", "city completed coat_of_arms +2"],
    ),
    (
        "it",
        "Una città completata vale 2 punti per tessera (e 2 in più per ogni stemma).",
        ["city completed tile 2", "city completed coat_of_arms +2"],
    ),
    (
        "en",
        "A completed city scores 2 points per tile (and 2 more per coat of arms).",
        ["city completed tile 2", "city completed coat_of_arms +2"],
    ),
    # German rates said with "belohnt", a road's "Straßenteil", the king's and the robber
    # baron's cities and roads "geschlossen"/"fertig" in any case, the acrobats as "Artisten"
    (
        "de",
        "Ein vollständig umbautes Kloster wird mit 9 Punkten belohnt.",
        ["monastery completed fixed 9"],
    ),
    (
        "de",
        "Für jeden Straßenteil erhält der Spieler einen Punkt.",
        ["road completed tile 1"],
    ),
    (
        "de",
        "Eine Straße zählt einen Punkt pro Straßenteil.",
        ["road completed tile 1"],
    ),
    (
        "de",
        "Wer den König hat, bekommt am Ende für jede geschlossene Stadt einen Punkt.",
        ["king end_game completed_city 1"],
    ),
    (
        "de",
        "Der Raubritter bringt am Spielende einen Punkt pro fertiger Straße.",
        ["scout end_game completed_road 1"],
    ),
    (
        "de",
        "Jede abgeschlossene Straße bringt einen Punkt je Plättchen.",
        ["road completed tile 1"],
    ),
    (
        "de",
        "Eine fertige Straße bringt ihrem Besitzer 1 Punkt pro Plättchen.",
        ["road completed tile 1"],
    ),
    (
        "de",
        "Die Artistenpyramide bringt fünf Punkte pro Gefolgsmann.",
        ["acrobat during_game follower 5"],
    ),
    # points said as spaces on the score track, a prisoner bought free, Dutch "zegepunten"
    (
        "de",
        "Für einen freigekauften Gefangenen darf der Spieler drei Felder auf der Wertungstafel"
        " vorrücken.",
        ["prisoner during_game fixed 3"],
    ),
    (
        "de",
        "Für jede fertige Straße rückt man ein Feld auf der Zählleiste pro Plättchen vor.",
        ["road completed tile 1"],
    ),
    (
        "nl",
        "Een voltooid klooster levert 9 zegepunten op.",
        ["monastery completed fixed 9"],
    ),
    (
        "nl",
        "Wie een gevangene terugkoopt, zet zijn telsteen 3 vakjes vooruit.",
        ["prisoner during_game fixed 3"],
    ),
    # a clause opening with a threshold word a few words before its amount states a cap, no
    # rate (every language: the threshold words of its lexicon)
    ("de", "Maximal kann man so 15 Punkte für einen Pfad erhalten.", []),
    ("de", "Höchstens gibt es 12 Punkte für einen Garten.", []),
    ("en", "At most you can score 15 points for one path.", []),
    ("nl", "Maximaal kun je zo 15 punten voor een pad halen.", []),
    (
        "de",
        "Eine fertige Stadt bringt 2 Punkte pro Plättchen, maximal aber 20 Punkte.",
        ["city completed tile 2"],
    ),
    # review wording: nl 'puntjes', 'halen', 'afgesloten', 'aan het eind'; de 'Kachel', 'Wimpel',
    # 'verbucht', 'heimst ein', 'unabgeschlossen', 'halbfertig'
    (
        "nl",
        "Een klooster brengt 9 puntjes op.",
        ["monastery completed fixed 9"],
    ),
    (
        "nl",
        "Boeren halen 3 punten binnen voor elke afgemaakte stad.",
        ["field end_game completed_city 3"],
    ),
    (
        "nl",
        "Een stad die niet afgesloten is, telt aan het einde 1 punt per tegel.",
        ["city incomplete tile 1"],
    ),
    (
        "nl",
        "Aan het eind krijgt elke boer 3 punten per voltooide stad.",
        ["field end_game completed_city 3"],
    ),
    (
        "de",
        "Für jede Kachel einer fertigen Stadt gibt es zwei Punkte.",
        ["city completed tile 2"],
    ),
    (
        "de",
        "Jeder Wimpel in einer fertigen Stadt bringt zwei Punkte extra.",
        ["city completed coat_of_arms +2"],
    ),
    (
        "de",
        "Für ein fertiges Kloster verbucht man neun Punkte.",
        ["monastery completed fixed 9"],
    ),
    (
        "de",
        "Ein Kloster heimst neun Punkte ein.",
        ["monastery completed fixed 9"],
    ),
    (
        "de",
        "Eine unabgeschlossene Stadt zählt am Ende einen Punkt pro Plättchen.",
        ["city incomplete tile 1"],
    ),
    (
        "de",
        "Eine halbfertige Stadt bringt am Ende einen Punkt pro Plättchen.",
        ["city incomplete tile 1"],
    ),
]


@pytest.mark.parametrize(
    ("language", "title", "text", "expected"),
    [
        (
            "de",
            "Carcassonne: Die Stadt",
            "Die Stadt besteht aus Märkten, Wohngebiete bringen am Ende 2 Punkte pro"
            " angrenzendem Markt.",
            ["residential end_game market 2"],
        ),
        (
            "en",
            "The City",
            "The city is made of markets, residential areas score 2 points per adjacent market at"
            " the end of the game.",
            ["residential end_game market 2"],
        ),
        (
            "nl",
            "De Stad",
            "De stad bestaat uit markten, woonwijken leveren aan het einde van het spel 2 punten"
            " per aangrenzende markt op.",
            ["residential end_game market 2"],
        ),
    ],
)
def test_a_title_feature_outside_the_amounts_segment_is_not_the_one_scored(
    language: str, title: str, text: str, expected: list[str]
) -> None:
    found = extract_claims(text, [title], ClaimState.COMPLETED, vocabulary(language))
    keys = [claim_key(c.feature, c.state, c.unit, c.points, c.sign, c.multiplier) for c in found]
    assert Counter(k for k in keys if k is not None) == Counter(map(parse_annotation, expected))


@pytest.mark.parametrize(("language", "text", "expected"), SHAPES)
def test_a_statement_shape_reads_in_every_language(
    language: str, text: str, expected: list[str]
) -> None:
    found = extract_claims(text, [], ClaimState.COMPLETED, vocabulary(language))
    keys = [claim_key(c.feature, c.state, c.unit, c.points, c.sign, c.multiplier) for c in found]
    assert Counter(k for k in keys if k is not None) == Counter(map(parse_annotation, expected))


def test_every_language_has_shapes() -> None:
    assert {language for language, _, _ in SHAPES} >= {
        "ca",
        "cs",
        "de",
        "en",
        "es",
        "fr",
        "hu",
        "it",
        "nl",
        "pl",
        "pt",
        "ro",
        "ru",
        "sk",
    }


def test_a_list_item_under_any_heading_is_a_scoring_summary() -> None:
    output = run(
        "== Spielende ==\n"
        "* Jede nicht fertige Straße bringt 1 Punkt pro Plättchen.\n"
        "* Die Spieler zählen ihre Punkte zusammen.\n",
        title="Base game/de",
        language="de",
    )
    rules = [r for r in output.rows["rules"] if isinstance(r, Rule)]
    summaries = [r for r in rules if r.kind is RuleKind.SCORING_SUMMARY]
    assert [r.form for r in summaries] == ["list_item"]  # the item without points is none
    claims = [c for c in output.rows["scoring_claims"] if isinstance(c, ScoringClaim)]
    assert [(c.feature, c.state.value, c.unit, c.points) for c in claims] == [
        ("road", "incomplete", "tile", 1)
    ]


def test_the_page_title_names_the_phase_a_rule_leaves_out() -> None:
    output = run(
        "{{RulesScoring|title=Straßen|rules=Jede Straße bringt 1 Punkt pro Plättchen.}}",
        title="Carcassonne Scoring After the Game/de",
        language="de",
    )
    claims = [c for c in output.rows["scoring_claims"] if isinstance(c, ScoringClaim)]
    assert [(c.feature, c.state.value, c.unit, c.points) for c in claims] == [
        ("road", "incomplete", "tile", 1)
    ]


def test_an_image_caption_states_a_worked_example_not_a_rate() -> None:
    output = run(
        "{{RulesScoring|title=Ein Kloster werten|rules=Ein Kloster bringt 9 Punkte."
        "[[File:Kloster.png|thumb|Das Kloster bringt 9 Punkte.]]}}",
        title="Base game/de",
        language="de",
    )
    claims = [c for c in output.rows["scoring_claims"] if isinstance(c, ScoringClaim)]
    assert sorted((c.sentence, c.unit) for c in claims) == [
        ("Das Kloster bringt 9 Punkte.", "unknown"),
        ("Ein Kloster bringt 9 Punkte.", "fixed"),
    ]


def test_a_penalty_word_subtracts_the_amount() -> None:
    found = extract_claims(
        "Ein Turm verliert 2 Punkte pro Plättchen.",
        ["Turm"],
        ClaimState.COMPLETED,
        vocabulary("de"),
    )
    assert [(c.unit, c.points, c.sign, c.bonus) for c in found] == [("tile", 2, -1, True)]
